import { z } from "zod";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { LoginResponseSchema } from "./auth.ts";
import { EMAIL_PATTERN } from "./common.ts";
import { MemberRoleSchema, UserSchema } from "./user.ts";

/** Invited member of spec section 3, validated as spec section 5, Invite member. */
export const InvitedMemberSchema = z.object({
  firstName: z.string({ error: M.inviteFieldsRequired }).trim().min(1, M.inviteFieldsRequired).max(100),
  lastName: z.string({ error: M.inviteFieldsRequired }).trim().min(1, M.inviteFieldsRequired).max(100),
  email: z
    .string({ error: M.inviteFieldsRequired })
    .trim()
    .min(1, M.inviteFieldsRequired)
    .max(254)
    .regex(EMAIL_PATTERN, M.inviteEmailInvalid),
  role: MemberRoleSchema,
  isAdmin: z.boolean(),
});
export type InvitedMember = z.infer<typeof InvitedMemberSchema>;

export const TeamNameSchema = z.string({ error: M.teamNameRequired }).trim().min(1, M.teamNameRequired).max(100);

export const NewTeamSchema = z
  .object({ name: TeamNameSchema, invitedMembers: z.array(InvitedMemberSchema).max(200) })
  .superRefine((team, ctx) => {
    const seen = new Set<string>();
    team.invitedMembers.forEach((member, index) => {
      const key = member.email.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: "custom", message: M.inviteAlreadyInvited, path: ["invitedMembers", index, "email"] });
      }
      seen.add(key);
    });
  });

/** New company payload of spec section 3, validated as spec section 5, Create company. */
export const CreateCompanyRequestSchema = z
  .object({
    name: z
      .string({ error: M.companyNameAndPasswordRequired })
      .trim()
      .min(1, M.companyNameAndPasswordRequired)
      .max(100),
    password: z.string({ error: M.companyNameAndPasswordRequired }).min(1, M.companyNameAndPasswordRequired).max(200),
    adminId: z.string().min(1).max(100),
    teams: z.array(NewTeamSchema).min(1, M.atLeastOneTeam).max(100),
    creatorRole: MemberRoleSchema,
  })
  .superRefine((company, ctx) => {
    const seen = new Set<string>();
    company.teams.forEach((team, index) => {
      const key = team.name.trim().toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          message: M.teamAlreadyExists(team.name.trim()),
          path: ["teams", index, "name"],
        });
      }
      seen.add(key);
    });
  });
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequestSchema>;

export const CreateCompanyResponseSchema = LoginResponseSchema.extend({
  success: z.literal(true),
  message: z.string(),
  user: UserSchema,
});

export const VerifyCompanyRequestSchema = z.object({
  companyName: z
    .string({ error: M.companyNameAndPasswordRequired })
    .trim()
    .min(1, M.companyNameAndPasswordRequired)
    .max(100),
  companyPassword: z
    .string({ error: M.companyNameAndPasswordRequired })
    .min(1, M.companyNameAndPasswordRequired)
    .max(200),
});
export const CompanyTeamSchema = z.object({ id: z.string(), name: z.string() });
export const VerifyCompanyResponseSchema = z.object({ success: z.literal(true), teams: z.array(CompanyTeamSchema) });

/** Join payload of spec section 3; `team` is the chosen team's id. */
export const AssociateCompanyRequestSchema = z.object({
  userId: z.string().min(1).max(100),
  companyName: z
    .string({ error: M.companyNameAndPasswordRequired })
    .trim()
    .min(1, M.companyNameAndPasswordRequired)
    .max(100),
  displayName: z.string().trim().min(1, "Please enter a display name.").max(100),
  team: z.string({ error: M.teamRequiredToJoin }).min(1, M.teamRequiredToJoin).max(100),
  role: MemberRoleSchema,
  requesting_admin: z.boolean(),
});
export const AssociateCompanyResponseSchema = LoginResponseSchema.extend({
  success: z.literal(true),
  /** What the joiner should know, when something awaits approval (e.g. the manager role). */
  message: z.string().optional(),
  user: UserSchema,
});

export const AdminRequestResponseRequestSchema = z.object({
  requestId: z.string().min(1).max(100),
  adminId: z.string().min(1).max(100),
  approved: z.boolean(),
});
