import { teamsEndpoints } from "@ideaport/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const settingsKeys = {
  all: ["settings"] as const,
  teamList: () => [...settingsKeys.all, "team-list"] as const,
  /** Everything about one team: its members and its invitations. */
  team: (teamId: string) => [...settingsKeys.all, "team", teamId] as const,
  teamMembers: (teamId: string) => [...settingsKeys.team(teamId), "members"] as const,
  teamInvitations: (teamId: string) => [...settingsKeys.team(teamId), "invitations"] as const,
  allTeams: () => [...settingsKeys.all, "team"] as const,
  company: () => [...settingsKeys.all, "company"] as const,
  companyUsersAll: () => [...settingsKeys.all, "company-users"] as const,
  companyUsers: (search: string) => [...settingsKeys.companyUsersAll(), { search }] as const,
};

/** `GET /api/teams/`: every team for admins, the teams they manage for managers. */
export function teamsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.teamList(),
    queryFn: ({ signal }) => apiClient.call(teamsEndpoints.teams, undefined, { signal }),
  });
}

/** `GET /api/teams/:teamId/members/`. */
export function teamMembersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: settingsKeys.teamMembers(teamId),
    queryFn: ({ signal }) => apiClient.call(teamsEndpoints.teamMembers, undefined, { params: { teamId }, signal }),
  });
}

export const useTeams = () => useQuery(teamsQueryOptions());
export const useTeamMembers = (teamId: string) => useQuery(teamMembersQueryOptions(teamId));
