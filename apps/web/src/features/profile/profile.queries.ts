import { settingsEndpoints, type UpdateProfileRequest } from "@ideaport/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { authKeys } from "../../lib/current-user.queries.ts";
import { updateStoredUser, updateTokens } from "../../lib/session.ts";
import { emailPreferencesKey } from "../email/index.ts";
import { companyKeys, teamKeys } from "../teams/index.ts";

/** `PATCH /api/users/current/`: the header shows the new name at once; lists showing it reload. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) => apiClient.call(settingsEndpoints.updateProfile, changes),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.currentUser(), user);
      updateStoredUser(user);
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      void queryClient.invalidateQueries({ queryKey: emailPreferencesKey() });
    },
  });
}

/**
 * `POST /api/users/current/password/`: the server ends every session and answers fresh tokens
 * for this one, which replace the stored ones.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) =>
      apiClient.call(settingsEndpoints.changePassword, input),
    onSuccess: (answer) => {
      updateTokens({ access: answer.access, refresh: answer.refresh });
      queryClient.setQueryData(authKeys.currentUser(), answer.user);
      updateStoredUser(answer.user);
    },
  });
}
