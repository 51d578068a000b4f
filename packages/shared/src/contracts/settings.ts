import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { NewPasswordSchema, SignedInResponseSchema } from "./auth.ts";
import { nameField, PageQuerySchema, pageResponseSchema, partialUpdateSchema, SuccessSchema } from "./common.ts";
import { LanguageSchema, MemberRoleSchema, PersonSchema, TeamMembershipSchema, UserSchema } from "./users.ts";

export const SETTINGS_MESSAGES = {
  nothingToUpdate: M.nothingToUpdate,
  ...defineMessages({
    displayNameRequired: { id: "shared.settings.displayNameRequired", defaultMessage: "Please enter a display name." },
    companyNameRequired: { id: "shared.settings.companyNameRequired", defaultMessage: "Please enter a company name." },
    companyPasswordRequired: {
      id: "shared.settings.companyPasswordRequired",
      defaultMessage: "Please enter a join password.",
    },
    currentPasswordRequired: {
      id: "shared.settings.currentPasswordRequired",
      defaultMessage: "Please enter your current password.",
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Profile settings (everyone)
// ---------------------------------------------------------------------------------------------

/**
 * Profile settings: any of the names, and the language (null: follow the company's default); role,
 * admin flag and company are not editable here.
 */
export const UpdateProfileRequestSchema = partialUpdateSchema(
  {
    first_name: nameField(M.firstNameRequired),
    last_name: nameField(M.lastNameRequired),
    display_name: nameField(SETTINGS_MESSAGES.displayNameRequired),
    language: LanguageSchema.nullable(),
  },
  SETTINGS_MESSAGES.nothingToUpdate,
);
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const UpdateProfileResponseSchema = SuccessSchema.extend({ user: UserSchema });

const currentPasswordRequired = schemaMessage(SETTINGS_MESSAGES.currentPasswordRequired);
export const ChangePasswordRequestSchema = z.object({
  current_password: z.string({ error: currentPasswordRequired }).min(1, currentPasswordRequired).max(1024),
  new_password: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Every session is ended by a password change; the answer carries fresh tokens for this one. */
export const ChangePasswordResponseSchema = SignedInResponseSchema;

// ---------------------------------------------------------------------------------------------
// User management (admins)
// ---------------------------------------------------------------------------------------------

/** A user as user management lists them. */
export const CompanyUserSchema = PersonSchema.extend({
  is_admin: z.boolean(),
  is_active: z.boolean(),
  team: z.array(TeamMembershipSchema),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

/** User management list: `q` searches names and e-mail; keyset-paginated. */
export const CompanyUsersQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});

export const CompanyUsersResponseSchema = pageResponseSchema("users", CompanyUserSchema);

/** User management changes: role, admin flag, team (move), active (deactivate or reactivate). */
export const UpdateCompanyUserRequestSchema = partialUpdateSchema(
  { role: MemberRoleSchema, is_admin: z.boolean(), team_id: z.string().min(1).max(100), is_active: z.boolean() },
  SETTINGS_MESSAGES.nothingToUpdate,
);
export type UpdateCompanyUserRequest = z.infer<typeof UpdateCompanyUserRequestSchema>;

export const CompanyUserResponseSchema = SuccessSchema.extend({ user: CompanyUserSchema });

/** Profile settings (everyone) and user management (admins). */
export const settingsEndpoints = {
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
