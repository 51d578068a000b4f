import {
  type CreateInvitationRequest,
  companiesEndpoints,
  invitationsEndpoints,
  personalDataEndpoints,
  settingsEndpoints,
  teamsEndpoints,
  type UpdateCompanyRequest,
  type UpdateCompanyUserRequest,
} from "@ideaport/shared";
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { authKeys } from "../../lib/current-user.queries.ts";
import { invalidateKeys, keysetListOptions, replaceInLoadedPages, useInvalidatingMutation } from "../../lib/queries.ts";
import { companyKeys, teamKeys } from "./teams.queries.ts";

// The query keys and the team queries live in teams.queries.ts, which every page's header and the
// ideas pages use without loading the rest of team management.
export {
  companyKeys,
  teamKeys,
  teamMembersQueryOptions,
  teamsQueryOptions,
  useTeamMembers,
  useTeams,
} from "./teams.queries.ts";

/** Page size of user management. */
export const COMPANY_USERS_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** `GET /api/teams/:teamId/invitations/`: the pending ones. */
export function teamInvitationsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKeys.teamInvitations(teamId),
    queryFn: ({ signal }) =>
      apiClient.call(invitationsEndpoints.teamInvitations, undefined, { params: { teamId }, signal }),
  });
}

/** `GET /api/company/`: name, member count and teams. */
export function companyQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.company(),
    queryFn: ({ signal }) => apiClient.call(companiesEndpoints.company, undefined, { signal }),
  });
}

/** `GET /api/company/users/?q=&cursor=`: user management, by display name, one page per cursor. */
export function companyUsersQueryOptions(search: string) {
  return keysetListOptions(companyKeys.companyUsers(search), (cursor, signal) =>
    apiClient.call(settingsEndpoints.companyUsers, undefined, {
      query: { q: search === "" ? undefined : search, cursor, limit: COMPANY_USERS_PAGE_SIZE },
      signal,
    }),
  );
}

export const useTeamInvitations = (teamId: string) => useQuery(teamInvitationsQueryOptions(teamId));
export const useCompany = () => useQuery(companyQueryOptions());
export const useCompanyUsers = (search: string) => useInfiniteQuery(companyUsersQueryOptions(search));

// ---------------------------------------------------------------------------------------------
// Team settings
// ---------------------------------------------------------------------------------------------

/** Reloads the signed-in user when a change touched them (their role or teams may have changed). */
function useRefreshSelf() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return (userId: string | undefined) => {
    if (userId !== undefined && userId === user?.id) {
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
    }
  };
}

/** `PATCH /api/teams/:teamId/members/:userId/`: the manager flag within the team. */
export function useSetTeamManager(teamId: string) {
  const queryClient = useQueryClient();
  const refreshSelf = useRefreshSelf();
  return useMutation({
    mutationFn: (input: { userId: string; isManager: boolean }) =>
      apiClient.call(
        teamsEndpoints.updateTeamMember,
        { is_manager: input.isManager },
        { params: { teamId, userId: input.userId } },
      ),
    onSuccess: (_answer, input) => {
      void invalidateKeys(queryClient, [teamKeys.teamMembers(teamId), companyKeys.companyUsersAll()]);
      refreshSelf(input.userId);
    },
  });
}

/** `DELETE /api/teams/:teamId/members/:userId/`. */
export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  const refreshSelf = useRefreshSelf();
  return useMutation({
    mutationFn: (userId: string) =>
      apiClient.call(teamsEndpoints.removeTeamMember, undefined, { params: { teamId, userId } }),
    onSuccess: (_answer, userId) => {
      void invalidateKeys(queryClient, [
        teamKeys.teamMembers(teamId),
        teamKeys.teamList(),
        companyKeys.company(),
        companyKeys.companyUsersAll(),
      ]);
      refreshSelf(userId);
    },
  });
}

/** `POST /api/teams/:teamId/invitations/`: sends the invitation e-mail. */
export function useInviteMember(teamId: string) {
  return useInvalidatingMutation({
    mutationFn: (member: CreateInvitationRequest) =>
      apiClient.call(invitationsEndpoints.createInvitation, member, { params: { teamId } }),
    invalidates: [teamKeys.teamInvitations(teamId)],
  });
}

/** `DELETE /api/invitations/:invitationId/`. */
export function useRevokeInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiClient.call(invitationsEndpoints.revokeInvitation, undefined, { params: { invitationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.teamInvitations(teamId) }),
  });
}

// ---------------------------------------------------------------------------------------------
// Company settings
// ---------------------------------------------------------------------------------------------

/** Everything that shows team names or counts: team lists, the company, users, the user's own teams. */
function invalidateTeamViews(queryClient: ReturnType<typeof useQueryClient>) {
  void invalidateKeys(queryClient, [
    teamKeys.teamList(),
    companyKeys.company(),
    companyKeys.companyUsersAll(),
    authKeys.currentUser(),
  ]);
}

/** `PATCH /api/company/`: the name and/or the join password. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCompanyRequest) => apiClient.call(companiesEndpoints.updateCompany, changes),
    onSuccess: (answer) => {
      queryClient.setQueryData(companyKeys.company(), answer);
      // The user entity carries company_name.
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
    },
  });
}

/** `POST /api/teams/`. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiClient.call(teamsEndpoints.createTeam, { name }),
    onSuccess: () => invalidateTeamViews(queryClient),
  });
}

/** `PATCH /api/teams/:teamId/`. */
export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { teamId: string; name: string }) =>
      apiClient.call(teamsEndpoints.renameTeam, { name: input.name }, { params: { teamId: input.teamId } }),
    onSuccess: (_answer, input) => {
      invalidateTeamViews(queryClient);
      void queryClient.invalidateQueries({ queryKey: teamKeys.team(input.teamId) });
    },
  });
}

/** `DELETE /api/teams/:teamId/`: answers whether the team was archived (it has history) or deleted. */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiClient.call(teamsEndpoints.deleteTeam, undefined, { params: { teamId } }),
    onSuccess: (_answer, teamId) => {
      invalidateTeamViews(queryClient);
      queryClient.removeQueries({ queryKey: teamKeys.team(teamId) });
    },
  });
}

/**
 * `PATCH /api/company/users/:userId/`: role, admin flag, team, active. The changed row is
 * replaced in every loaded page at once; team lists and counts reload.
 */
export function useUpdateCompanyUser() {
  const queryClient = useQueryClient();
  const refreshSelf = useRefreshSelf();
  return useMutation({
    mutationFn: (input: { userId: string; changes: UpdateCompanyUserRequest }) =>
      apiClient.call(settingsEndpoints.updateCompanyUser, input.changes, { params: { userId: input.userId } }),
    onSuccess: ({ user }) => {
      replaceInLoadedPages(queryClient, companyKeys.companyUsersAll(), "users", user);
      void invalidateKeys(queryClient, [
        companyKeys.companyUsersAll(),
        teamKeys.teamList(),
        companyKeys.company(),
        teamKeys.allTeams(),
      ]);
      refreshSelf(user.id);
    },
  });
}

/** `DELETE /api/company/users/{id}/`: an admin erases a person; the lists that showed them reload. */
export function useEraseCompanyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiClient.call(personalDataEndpoints.eraseCompanyUser, undefined, { params: { userId } }),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        companyKeys.companyUsersAll(),
        teamKeys.teamList(),
        companyKeys.company(),
        teamKeys.allTeams(),
      ]),
  });
}
