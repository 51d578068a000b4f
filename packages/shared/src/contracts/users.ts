import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { ONBOARDING_STATUSES } from "../onboarding/statuses.ts";
import { SuccessSchema } from "./common.ts";

export const ROLES = ["employee", "manager", "admin"] as const;
export const MEMBER_ROLES = ["employee", "manager"] as const;
export const RoleSchema = z.enum(ROLES);
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type Role = z.infer<typeof RoleSchema>;
export type MemberRole = z.infer<typeof MemberRoleSchema>;

export const OnboardingStatusSchema = z.enum(ONBOARDING_STATUSES, {
  message: schemaMessage(VALIDATION_MESSAGES.onboardingStatusInvalid),
});

/** A language Ideaport speaks, as a person or a company chooses it. */
export const LanguageSchema = z.enum(LANGUAGES, { message: schemaMessage(VALIDATION_MESSAGES.languageInvalid) });

/** A team membership as the user entity carries it. */
export const TeamMembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_manager: z.boolean(),
});
export type TeamMembership = z.infer<typeof TeamMembershipSchema>;

/** Who a person is, as every answer about a person starts; `_id` repeats `id` for clients that read the old name. */
export const PersonSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
});

/** The user as the server answers it; `_id` repeats `id` for clients that read the old name. */
export const UserSchema = PersonSchema.extend({
  team: z.array(TeamMembershipSchema),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  is_admin: z.boolean(),
  onboarding_status: z.string(),
  /** The language the person chose in Profile Settings; null follows their company's default. */
  language: LanguageSchema.nullable(),
  /** What the person reads: their choice, else their company's default, else English. */
  effective_language: LanguageSchema,
});
export type User = z.infer<typeof UserSchema>;

export const CurrentUserResponseSchema = UserSchema;

export const UpdateOnboardingRequestSchema = z.object({ onboarding_status: OnboardingStatusSchema });
export const UpdateOnboardingResponseSchema = SuccessSchema.extend({ user: UserSchema });

export const UserDisplayNameResponseSchema = z.object({ display_name: z.string() });

/** The signed-in user, a colleague's display name, and the onboarding status the tours save. */
export const usersEndpoints = {
  /** Fixed path: existing clients call it exactly so, trailing slash included. */
  currentUser: defineEndpoint({ method: "GET", path: "/api/users/current/", response: CurrentUserResponseSchema }),
  /** Fixed path: existing clients call it exactly so, trailing slash included. */
  updateOnboardingStatus: defineEndpoint({
    method: "POST",
    path: "/api/user/update-onboarding-status/",
    body: UpdateOnboardingRequestSchema,
    response: UpdateOnboardingResponseSchema,
  }),
  /** Fixed path: existing clients call it exactly so, without a trailing slash. */
  userDisplayName: defineEndpoint({
    method: "GET",
    path: "/api/user/:userId",
    response: UserDisplayNameResponseSchema,
  }),
} as const;
