import { type CompanySso, ssoEndpoints, type UpdateCompanySsoRequest } from "@ideaport/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useCachingMutation } from "../../lib/queries.ts";

export const ssoKeys = {
  all: ["sso"] as const,
  settings: () => [...ssoKeys.all, "settings"] as const,
};

/** `GET /api/company/sso/`: the company's single sign-on, without its secret (admins). */
export function useCompanySso() {
  return useQuery({
    queryKey: ssoKeys.settings(),
    queryFn: async ({ signal }): Promise<CompanySso> =>
      (await apiClient.call(ssoEndpoints.companySso, undefined, { signal })).sso,
  });
}

/** `PUT /api/company/sso/`: the answer is the saved settings. */
export const useUpdateCompanySso = () =>
  useCachingMutation(
    ssoKeys.settings(),
    async (settings: UpdateCompanySsoRequest) => (await apiClient.call(ssoEndpoints.updateCompanySso, settings)).sso,
  );

/** Whether an e-mail address signs in through its company's identity provider. */
export function lookUpSso(email: string) {
  return apiClient.call(ssoEndpoints.ssoLookup, { email });
}

/** Starts a sign-in through the provider: the address the browser goes to next. */
export async function startSso(email: string): Promise<string> {
  return (await apiClient.call(ssoEndpoints.startSso, { email })).redirect_url;
}

/** Exchanges the callback's ticket for the session, as a login answers it. */
export function completeSso(ticket: string) {
  return apiClient.call(ssoEndpoints.completeSso, { ticket });
}
