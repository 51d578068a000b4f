import { invitationsEndpoints } from "@ideaport/shared";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const invitationKeys = {
  all: ["invitations"] as const,
  details: (token: string) => [...invitationKeys.all, "details", token] as const,
};

/** `GET /api/invitations/:token/`: the company, team and role an invitation offers. */
export function invitationDetailsQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.details(token),
    queryFn: ({ signal }) =>
      apiClient.call(invitationsEndpoints.invitationDetails, undefined, { params: { token }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
