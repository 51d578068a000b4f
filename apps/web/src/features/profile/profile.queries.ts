import {
  type EraseAccountRequest,
  personalDataEndpoints,
  sessionsEndpoints,
  settingsEndpoints,
  type UpdateProfileRequest,
} from "@ideaport/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

export const sessionKeys = {
  all: ["sessions"] as const,
  list: () => [...sessionKeys.all, "list"] as const,
};

/** `GET /api/users/current/sessions/`: the person's signed-in devices, this one marked. */
export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.list(),
    queryFn: ({ signal }) => apiClient.call(sessionsEndpoints.sessions, undefined, { signal }),
  });
}

/**
 * `DELETE /api/users/current/sessions/{id}/`: that device's next refresh is refused. The server
 * refuses every access token signed so far, so this browser renews its own on its next call.
 */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiClient.call(sessionsEndpoints.signOutSession, undefined, { params: { sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** `DELETE /api/users/current/sessions/`: every other device is signed out; this one stays. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(sessionsEndpoints.signOutEverywhere),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** The name the browser saves the export under: `ideaport-my-data-YYYY-MM-DD.json` (the local day). */
export function personalDataFileName(now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0"));
  return `ideaport-my-data-${day.join("-")}.json`;
}

/**
 * `GET /api/users/current/export/`, saved as a file. The API answers signed-in calls only (a
 * bearer token, which a plain link does not send), so the document is fetched through the API
 * client and handed to the browser as a download.
 */
export async function downloadPersonalData(): Promise<void> {
  const document = await apiClient.call(personalDataEndpoints.exportPersonalData);
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: "application/json" }));
  try {
    const link = window.document.createElement("a");
    link.href = url;
    link.download = personalDataFileName();
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * `DELETE /api/users/current/`: erases the caller's account. The server has ended every session
 * by then; the caller signs this browser out.
 */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (request: EraseAccountRequest) => apiClient.call(personalDataEndpoints.eraseAccount, request),
  });
}
