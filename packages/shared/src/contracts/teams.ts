import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { SuccessSchema } from "./common.ts";
import { PersonSchema } from "./users.ts";

export const TeamNameSchema = z.string({ error: M.teamNameRequired }).trim().min(1, M.teamNameRequired).max(100);

export const TeamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
});
export type TeamSummary = z.infer<typeof TeamSummarySchema>;

export const TeamListResponseSchema = z.object({ success: z.literal(true), teams: z.array(TeamSummarySchema) });
export const TeamResponseSchema = z.object({ success: z.literal(true), team: TeamSummarySchema });

/** A member as Team Settings lists them. */
export const TeamMemberSchema = PersonSchema.extend({
  is_admin: z.boolean(),
  is_manager: z.boolean(),
  is_active: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamMembersResponseSchema = z.object({
  success: z.literal(true),
  team: TeamSummarySchema,
  members: z.array(TeamMemberSchema),
});

export const UpdateTeamMemberRequestSchema = z.object({ is_manager: z.boolean() });
export const TeamMemberResponseSchema = z.object({ success: z.literal(true), member: TeamMemberSchema });

export const CreateTeamRequestSchema = z.object({ name: TeamNameSchema });
export const RenameTeamRequestSchema = z.object({ name: TeamNameSchema });
/** A team with history is archived instead of deleted. */
export const DeleteTeamResponseSchema = z.object({ success: z.literal(true), archived: z.boolean() });

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
