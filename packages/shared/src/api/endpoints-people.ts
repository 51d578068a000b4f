import { SuccessSchema } from "../schemas/common.ts";
import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  CreateInvitationRequestSchema,
  InvitationDetailsResponseSchema,
  InvitationListResponseSchema,
  InvitationResponseSchema,
} from "../schemas/invitation.ts";
import {
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  CompanyResponseSchema,
  CompanyUserResponseSchema,
  CompanyUsersQuerySchema,
  CompanyUsersResponseSchema,
  CreateTeamRequestSchema,
  DeleteTeamResponseSchema,
  RenameTeamRequestSchema,
  TeamListResponseSchema,
  TeamMemberResponseSchema,
  TeamMembersResponseSchema,
  TeamResponseSchema,
  UpdateCompanyRequestSchema,
  UpdateCompanyUserRequestSchema,
  UpdateProfileRequestSchema,
  UpdateProfileResponseSchema,
  UpdateTeamMemberRequestSchema,
} from "../schemas/settings.ts";
import { defineEndpoint } from "./contract.ts";

/**
 * Contracts of the people side of issue 3 (DESIGN section 3 style): invitations, profile, team
 * and company settings, user management. The company join/create calls and notifications are
 * spec section 7 calls and live in `api`.
 */
export const peopleApi = {
  // Invitations: public by token, managed by admins and team managers
  invitationDetails: defineEndpoint({
    method: "GET",
    path: "/api/invitations/:token/",
    response: InvitationDetailsResponseSchema,
    auth: false,
  }),
  acceptInvitation: defineEndpoint({
    method: "POST",
    path: "/api/invitations/:token/accept/",
    body: AcceptInvitationRequestSchema,
    response: AcceptInvitationResponseSchema,
    auth: false,
  }),
  createInvitation: defineEndpoint({
    method: "POST",
    path: "/api/teams/:teamId/invitations/",
    body: CreateInvitationRequestSchema,
    response: InvitationResponseSchema,
  }),
  teamInvitations: defineEndpoint({
    method: "GET",
    path: "/api/teams/:teamId/invitations/",
    response: InvitationListResponseSchema,
  }),
  revokeInvitation: defineEndpoint({
    method: "DELETE",
    path: "/api/invitations/:invitationId/",
    response: SuccessSchema,
  }),

  // Profile settings: everyone
  updateProfile: defineEndpoint({
    method: "PATCH",
    path: "/api/users/current/",
    body: UpdateProfileRequestSchema,
    response: UpdateProfileResponseSchema,
  }),
  changePassword: defineEndpoint({
    method: "POST",
    path: "/api/users/current/password/",
    body: ChangePasswordRequestSchema,
    response: ChangePasswordResponseSchema,
  }),

  // Team settings: managers of the team and admins; creating, renaming, deleting teams: admins
  teams: defineEndpoint({ method: "GET", path: "/api/teams/", response: TeamListResponseSchema }),
  createTeam: defineEndpoint({
    method: "POST",
    path: "/api/teams/",
    body: CreateTeamRequestSchema,
    response: TeamResponseSchema,
  }),
  renameTeam: defineEndpoint({
    method: "PATCH",
    path: "/api/teams/:teamId/",
    body: RenameTeamRequestSchema,
    response: TeamResponseSchema,
  }),
  deleteTeam: defineEndpoint({ method: "DELETE", path: "/api/teams/:teamId/", response: DeleteTeamResponseSchema }),
  teamMembers: defineEndpoint({
    method: "GET",
    path: "/api/teams/:teamId/members/",
    response: TeamMembersResponseSchema,
  }),
  updateTeamMember: defineEndpoint({
    method: "PATCH",
    path: "/api/teams/:teamId/members/:userId/",
    body: UpdateTeamMemberRequestSchema,
    response: TeamMemberResponseSchema,
  }),
  removeTeamMember: defineEndpoint({
    method: "DELETE",
    path: "/api/teams/:teamId/members/:userId/",
    response: SuccessSchema,
  }),

  // Company settings and user management: admins
  company: defineEndpoint({ method: "GET", path: "/api/company/", response: CompanyResponseSchema }),
  updateCompany: defineEndpoint({
    method: "PATCH",
    path: "/api/company/",
    body: UpdateCompanyRequestSchema,
    response: CompanyResponseSchema,
  }),
  companyUsers: defineEndpoint({
    method: "GET",
    path: "/api/company/users/",
    query: CompanyUsersQuerySchema,
    response: CompanyUsersResponseSchema,
  }),
  updateCompanyUser: defineEndpoint({
    method: "PATCH",
    path: "/api/company/users/:userId/",
    body: UpdateCompanyUserRequestSchema,
    response: CompanyUserResponseSchema,
  }),
} as const;

export type PeopleApi = typeof peopleApi;
