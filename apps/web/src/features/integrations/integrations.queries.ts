import {
  type CreateChannelRequest,
  type CreateWebhookRequest,
  integrationsEndpoints as endpoints,
  type UpdateChannelRequest,
  type UpdateWebhookRequest,
} from "@ideaport/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const integrationKeys = {
  channels: (teamId: string | null) => ["integration-channels", teamId ?? "company"] as const,
  allChannels: ["integration-channels"] as const,
  webhooks: ["webhooks"] as const,
  deliveries: (webhookId: string) => ["webhooks", webhookId, "deliveries"] as const,
};

/** The channels of a team, or (null) every channel the caller manages: the company's for admins. */
export function useChannels(teamId: string | null) {
  return useQuery({
    queryKey: integrationKeys.channels(teamId),
    queryFn: ({ signal }) =>
      apiClient.call(endpoints.integrationChannels, undefined, {
        signal,
        ...(teamId ? { query: { team_id: teamId } } : {}),
      }),
  });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateChannelRequest) => apiClient.call(endpoints.createIntegrationChannel, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.allChannels }),
  });
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateChannelRequest }) =>
      apiClient.call(endpoints.updateIntegrationChannel, changes, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.allChannels }),
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(endpoints.deleteIntegrationChannel, undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.allChannels }),
  });
}

/** Posts a test message now; the answer says whether it was delivered. */
export function useTestChannel() {
  return useMutation({
    mutationFn: (id: string) => apiClient.call(endpoints.testIntegrationChannel, undefined, { params: { id } }),
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: integrationKeys.webhooks,
    queryFn: ({ signal }) => apiClient.call(endpoints.webhooks, undefined, { signal }),
  });
}

/** Registers a webhook; the answer holds its signing secret this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateWebhookRequest) => apiClient.call(endpoints.createWebhook, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhookRequest }) =>
      apiClient.call(endpoints.updateWebhook, changes, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(endpoints.deleteWebhook, undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
}

/** The webhook's last attempts; refreshed every few seconds while open, as deliveries go out in the background. */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      apiClient.call(endpoints.webhookDeliveries, undefined, { signal, params: { id: webhookId } }),
    refetchInterval: 3000,
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(endpoints.testWebhook, undefined, { params: { id } }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(id) }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiClient.call(endpoints.resendWebhookDelivery, undefined, { params: { id: webhookId, deliveryId } }),
    onSuccess: (_answer, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(webhookId) }),
  });
}
