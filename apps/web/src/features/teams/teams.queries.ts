import { teamsEndpoints } from "@ideaport/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const teamKeys = {
  all: ["teams"] as const,
  teamList: () => [...teamKeys.all, "list"] as const,
  /** Everything about one team: its members and its invitations. */
  team: (teamId: string) => [...teamKeys.all, "team", teamId] as const,
  teamMembers: (teamId: string) => [...teamKeys.team(teamId), "members"] as const,
  teamInvitations: (teamId: string) => [...teamKeys.team(teamId), "invitations"] as const,
  allTeams: () => [...teamKeys.all, "team"] as const,
};

/** The company's own record and its users (user management). */
export const companyKeys = {
  all: ["company"] as const,
  company: () => [...companyKeys.all, "details"] as const,
  companyUsersAll: () => [...companyKeys.all, "users"] as const,
  companyUsers: (search: string) => [...companyKeys.companyUsersAll(), { search }] as const,
};

/** `GET /api/teams/`: every team for admins, the teams they manage for managers. */
export function teamsQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.teamList(),
    queryFn: ({ signal }) => apiClient.call(teamsEndpoints.teams, undefined, { signal }),
  });
}

/** `GET /api/teams/:teamId/members/`. */
export function teamMembersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKeys.teamMembers(teamId),
    queryFn: ({ signal }) => apiClient.call(teamsEndpoints.teamMembers, undefined, { params: { teamId }, signal }),
  });
}

export const useTeams = () => useQuery(teamsQueryOptions());
export const useTeamMembers = (teamId: string) => useQuery(teamMembersQueryOptions(teamId));
