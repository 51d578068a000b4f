import { apiTokensEndpoints, type CreateApiTokenRequest } from "@ideaport/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const apiTokenKeys = {
  all: ["api-tokens"] as const,
  list: () => [...apiTokenKeys.all, "list"] as const,
};

/** `GET /api/tokens/`: the signed-in person's live API tokens (never their text). */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.list(),
    queryFn: ({ signal }) => apiClient.call(apiTokensEndpoints.apiTokens, undefined, { signal }),
  });
}

/** `POST /api/tokens/`: a new token, whose text the answer holds this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) => apiClient.call(apiTokensEndpoints.createApiToken, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** `DELETE /api/tokens/{id}/`: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(apiTokensEndpoints.revokeApiToken, undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
