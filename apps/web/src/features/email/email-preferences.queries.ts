import { type EmailPreferences, emailPreferencesEndpoints } from "@ideaport/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useCachingMutation } from "../../lib/queries.ts";

export const emailPreferencesKey = () => ["email-preferences"] as const;

/** `GET /api/email-preferences/`: how often each kind of e-mail is sent to the caller. */
export function emailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: emailPreferencesKey(),
    queryFn: ({ signal }) => apiClient.call(emailPreferencesEndpoints.getEmailPreferences, undefined, { signal }),
  });
}

export const useEmailPreferences = () => useQuery(emailPreferencesQueryOptions());

/** `PUT /api/email-preferences/`: the answer is the saved preferences. */
export const useUpdateEmailPreferences = () =>
  useCachingMutation(emailPreferencesKey(), (preferences: EmailPreferences) =>
    apiClient.call(emailPreferencesEndpoints.updateEmailPreferences, preferences),
  );
