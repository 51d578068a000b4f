import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { requiredText, SuccessSchema } from "./common.ts";
import { PersonSchema } from "./users.ts";

export const TeamNameSchema = requiredText(M.teamNameRequired, 100);

export const TeamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
});
export type TeamSummary = z.infer<typeof TeamSummarySchema>;

export const TeamListResponseSchema = SuccessSchema.extend({ teams: z.array(TeamSummarySchema) });
export const TeamResponseSchema = SuccessSchema.extend({ team: TeamSummarySchema });

/** A member as Team Settings lists them. */
export const TeamMemberSchema = PersonSchema.extend({
  is_admin: z.boolean(),
  is_manager: z.boolean(),
  is_active: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamMembersResponseSchema = SuccessSchema.extend({
  team: TeamSummarySchema,
  members: z.array(TeamMemberSchema),
});

export const UpdateTeamMemberRequestSchema = z.object({ is_manager: z.boolean() });
export const TeamMemberResponseSchema = SuccessSchema.extend({ member: TeamMemberSchema });

export const CreateTeamRequestSchema = z.object({ name: TeamNameSchema });
export const RenameTeamRequestSchema = z.object({ name: TeamNameSchema });
/** A team with history is archived instead of deleted. */
export const DeleteTeamResponseSchema = SuccessSchema.extend({ archived: z.boolean() });

/** Team settings: managers of the team and admins; creating, renaming and deleting teams: admins. */
export const teamsEndpoints = {
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
} as const;
