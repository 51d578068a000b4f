import { z } from "zod";
import { ONBOARDING_STATUSES } from "../onboarding/statuses.ts";

export const ROLES = ["employee", "manager", "admin"] as const;
export const MEMBER_ROLES = ["employee", "manager"] as const;
export const RoleSchema = z.enum(ROLES);
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type Role = z.infer<typeof RoleSchema>;
export type MemberRole = z.infer<typeof MemberRoleSchema>;

export const OnboardingStatusSchema = z.enum(ONBOARDING_STATUSES, {
  message: "That onboarding status is not valid.",
});

/** A team membership as the user entity carries it. */
export const TeamMembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_manager: z.boolean(),
});
export type TeamMembership = z.infer<typeof TeamMembershipSchema>;

/** The User entity of spec section 3. */
export const UserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
  team: z.array(TeamMembershipSchema),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  is_admin: z.boolean(),
  onboarding_status: z.string(),
});
export type User = z.infer<typeof UserSchema>;
