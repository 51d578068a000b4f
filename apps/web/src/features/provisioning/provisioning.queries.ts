import { type CreateScimTokenRequest, scimTokensEndpoints } from "@ideaport/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const provisioningKeys = {
  all: ["scim-tokens"] as const,
  list: () => [...provisioningKeys.all, "list"] as const,
};

/** `GET /api/company/scim-tokens/`: the company's live SCIM tokens (never their text). */
export function useScimTokens() {
  return useQuery({
    queryKey: provisioningKeys.list(),
    queryFn: ({ signal }) => apiClient.call(scimTokensEndpoints.scimTokens, undefined, { signal }),
  });
}

/** `POST /api/company/scim-tokens/`: a new token, whose text the answer holds this once. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateScimTokenRequest) => apiClient.call(scimTokensEndpoints.createScimToken, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: provisioningKeys.all }),
  });
}

/** `DELETE /api/company/scim-tokens/{id}/`: the token stops working at once. */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiClient.call(scimTokensEndpoints.revokeScimToken, undefined, { params: { tokenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: provisioningKeys.all }),
  });
}
