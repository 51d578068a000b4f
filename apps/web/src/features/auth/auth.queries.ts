import { authEndpoints, usersEndpoints } from "@ideaport/shared";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { updateStoredUser } from "../../lib/session.ts";

export const authKeys = {
  all: ["auth"] as const,
  currentUser: () => [...authKeys.all, "current-user"] as const,
};

/** `GET /api/users/current/`; the answer also refreshes the stored user. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: async ({ signal }) => {
      const user = await apiClient.call(usersEndpoints.currentUser, undefined, { signal });
      updateStoredUser(user);
      return user;
    },
    staleTime: 5 * 60_000,
  });
}

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
