import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../limits.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { LoginResponseSchema } from "./auth.ts";
import { PageQuerySchema } from "./common.ts";
import { TeamNameSchema } from "./company.ts";
import { MemberRoleSchema, RoleSchema, TeamMembershipSchema, UserSchema } from "./user.ts";

export const SETTINGS_MESSAGES = {
  nothingToUpdate: "Please change at least one field.",
  displayNameRequired: "Please enter a display name.",
  companyNameRequired: "Please enter a company name.",
  companyPasswordRequired: "Please enter a join password.",
  currentPasswordRequired: "Please enter your current password.",
} as const;

const hasAnyField = (value: Record<string, unknown>) => Object.values(value).some((field) => field !== undefined);

const nameField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, { message: "Must be at most 100 characters." });

// ---------------------------------------------------------------------------------------------
// Profile settings (everyone)
// ---------------------------------------------------------------------------------------------

/** Profile settings: any of the names; role, admin flag and company are not editable here. */
export const UpdateProfileRequestSchema = z
  .object({
    first_name: nameField(M.firstNameRequired).optional(),
    last_name: nameField(M.lastNameRequired).optional(),
    display_name: nameField(SETTINGS_MESSAGES.displayNameRequired).optional(),
  })
  .refine(hasAnyField, { message: SETTINGS_MESSAGES.nothingToUpdate });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const UpdateProfileResponseSchema = z.object({ success: z.literal(true), user: UserSchema });

export const ChangePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: SETTINGS_MESSAGES.currentPasswordRequired })
    .min(1, SETTINGS_MESSAGES.currentPasswordRequired)
    .max(1024),
  new_password: z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, M.passwordTooShort)
    .max(1024, { message: "Password must be at most 1024 characters" }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Every session is ended by a password change; the answer carries fresh tokens for this one. */
export const ChangePasswordResponseSchema = LoginResponseSchema.extend({
  success: z.literal(true),
  user: UserSchema,
});

// ---------------------------------------------------------------------------------------------
// Team settings (managers of the team, admins)
// ---------------------------------------------------------------------------------------------

export const TeamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
});
export type TeamSummary = z.infer<typeof TeamSummarySchema>;

export const TeamListResponseSchema = z.object({ success: z.literal(true), teams: z.array(TeamSummarySchema) });
export const TeamResponseSchema = z.object({ success: z.literal(true), team: TeamSummarySchema });

/** A member as Team Settings lists them. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
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

// ---------------------------------------------------------------------------------------------
// Company settings (admins)
// ---------------------------------------------------------------------------------------------

export const CompanyDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
  teams: z.array(TeamSummarySchema),
});
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

export const CompanyResponseSchema = z.object({ success: z.literal(true), company: CompanyDetailsSchema });

/** Renames the company and/or changes its join password. */
export const UpdateCompanyRequestSchema = z
  .object({
    name: nameField(SETTINGS_MESSAGES.companyNameRequired).optional(),
    password: z
      .string({ error: SETTINGS_MESSAGES.companyPasswordRequired })
      .min(1, SETTINGS_MESSAGES.companyPasswordRequired)
      .max(200)
      .optional(),
  })
  .refine(hasAnyField, { message: SETTINGS_MESSAGES.nothingToUpdate });
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanyRequestSchema>;

/** A user as user management lists them. */
export const CompanyUserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
  is_admin: z.boolean(),
  is_active: z.boolean(),
  team: z.array(TeamMembershipSchema),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

/** User management list: `q` searches names and e-mail; keyset-paginated. */
export const CompanyUsersQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});

export const CompanyUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(CompanyUserSchema),
  next_cursor: z.string().nullable(),
});

/** User management changes: role, admin flag, team (move), active (deactivate or reactivate). */
export const UpdateCompanyUserRequestSchema = z
  .object({
    role: MemberRoleSchema.optional(),
    is_admin: z.boolean().optional(),
    team_id: z.string().min(1).max(100).optional(),
    is_active: z.boolean().optional(),
  })
  .refine(hasAnyField, { message: SETTINGS_MESSAGES.nothingToUpdate });
export type UpdateCompanyUserRequest = z.infer<typeof UpdateCompanyUserRequestSchema>;

export const CompanyUserResponseSchema = z.object({ success: z.literal(true), user: CompanyUserSchema });
