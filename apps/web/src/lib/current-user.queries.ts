import { usersEndpoints } from "@ideaport/shared";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "./api-client.ts";
import { updateStoredUser } from "./session.ts";

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
    // Offline it fails at once, and the stored user keeps the app usable (auth-provider.tsx).
    networkMode: "always",
  });
}
