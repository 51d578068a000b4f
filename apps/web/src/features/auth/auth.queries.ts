import { authEndpoints } from "@ideaport/shared";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const passwordResetKeys = {
  all: ["password-reset"] as const,
  check: (token: string) => [...passwordResetKeys.all, "check", token] as const,
};

/** `GET /api/password-reset/:token/`: whether a reset link still works, checked once per visit. */
export function passwordResetCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: passwordResetKeys.check(token),
    queryFn: ({ signal }) => apiClient.call(authEndpoints.passwordResetCheck, undefined, { params: { token }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
