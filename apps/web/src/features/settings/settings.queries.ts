import {
  type CompanyUser,
  type CreateInvitationRequest,
  companiesEndpoints,
  invitationsEndpoints,
  settingsEndpoints,
  teamsEndpoints,
  type UpdateCompanyRequest,
  type UpdateCompanyUserRequest,
  type UpdateProfileRequest,
} from "@ideaport/shared";
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useAuth } from "../../app/auth-provider.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { updateStoredUser, updateTokens } from "../../lib/session.ts";
import { authKeys } from "../auth/auth.queries.ts";
import { settingsKeys } from "./teams.queries.ts";

// The query keys and the team queries live in teams.queries.ts, which every page's header and the
// ideas pages use without loading the rest of settings.
export { settingsKeys, teamMembersQueryOptions, teamsQueryOptions, useTeamMembers, useTeams } from "./teams.queries.ts";

/** Page size of user management. */
export const COMPANY_USERS_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** `GET /api/teams/:teamId/invitations/`: the pending ones. */
export function teamInvitationsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: settingsKeys.teamInvitations(teamId),
    queryFn: ({ signal }) =>
      apiClient.call(invitationsEndpoints.teamInvitations, undefined, { params: { teamId }, signal }),
  });
}

/** `GET /api/company/`: name, member count and teams. */
export function companyQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.company(),
    queryFn: ({ signal }) => apiClient.call(companiesEndpoints.company, undefined, { signal }),
  });
}

/** `GET /api/company/users/?q=&cursor=`: user management, by display name, one page per cursor. */
export function companyUsersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: settingsKeys.companyUsers(search),
    queryFn: ({ signal, pageParam }) =>
      apiClient.call(settingsEndpoints.companyUsers, undefined, {
        query: { q: search === "" ? undefined : search, cursor: pageParam, limit: COMPANY_USERS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export const useTeamInvitations = (teamId: string) => useQuery(teamInvitationsQueryOptions(teamId));
export const useCompany = () => useQuery(companyQueryOptions());
export const useCompanyUsers = (search: string) => useInfiniteQuery(companyUsersQueryOptions(search));

// ---------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------

/** `PATCH /api/users/current/`: the header shows the new name at once; lists showing it reload. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) => apiClient.call(settingsEndpoints.updateProfile, changes),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.currentUser(), user);
      updateStoredUser(user);
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
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
      void queryClient.invalidateQueries({ queryKey: settingsKeys.teamMembers(teamId) });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.companyUsersAll() });
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
      void queryClient.invalidateQueries({ queryKey: settingsKeys.teamMembers(teamId) });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.teamList() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.company() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.companyUsersAll() });
      refreshSelf(userId);
    },
  });
}

/** `POST /api/teams/:teamId/invitations/`: sends the invitation e-mail. */
export function useInviteMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: CreateInvitationRequest) =>
      apiClient.call(invitationsEndpoints.createInvitation, member, { params: { teamId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.teamInvitations(teamId) }),
  });
}

/** `DELETE /api/invitations/:invitationId/`. */
export function useRevokeInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiClient.call(invitationsEndpoints.revokeInvitation, undefined, { params: { invitationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.teamInvitations(teamId) }),
  });
}

// ---------------------------------------------------------------------------------------------
// Company settings
// ---------------------------------------------------------------------------------------------

/** Everything that shows team names or counts: team lists, the company, users, the user's own teams. */
function invalidateTeamViews(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: settingsKeys.teamList() });
  void queryClient.invalidateQueries({ queryKey: settingsKeys.company() });
  void queryClient.invalidateQueries({ queryKey: settingsKeys.companyUsersAll() });
  void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
}

/** `PATCH /api/company/`: the name and/or the join password. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCompanyRequest) => apiClient.call(companiesEndpoints.updateCompany, changes),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.company(), answer);
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
      void queryClient.invalidateQueries({ queryKey: settingsKeys.team(input.teamId) });
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
      queryClient.removeQueries({ queryKey: settingsKeys.team(teamId) });
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
      queryClient.setQueriesData<InfiniteData<{ users: CompanyUser[] }>>(
        { queryKey: settingsKeys.companyUsersAll() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              users: page.users.map((entry) => (entry.id === user.id ? user : entry)),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.companyUsersAll() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.teamList() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.company() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.allTeams() });
      refreshSelf(user.id);
    },
  });
}
