import { z } from "zod";
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from "../limits.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { EMAIL_PATTERN } from "./common.ts";
import { OnboardingStatusSchema, RoleSchema, TeamMembershipSchema, UserSchema } from "./user.ts";

/** A required text field: a missing value gets the same message as an empty one. */
const requiredText = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, { message: `Must be at most ${max} characters.` });

/** Spec section 5, Login. */
export const LoginRequestSchema = z.object({
  email: requiredText(254, M.emailRequired).regex(EMAIL_PATTERN, M.loginEmailInvalid),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Login response fields of spec section 3. */
export const LoginResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: RoleSchema,
  team: z.array(TeamMembershipSchema),
  company_id: z.string().nullable(),
  is_admin: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

const password = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, M.passwordTooShort)
  .max(1024, { message: "Password must be at most 1024 characters" });

/** Registration payload of spec section 3, validated as spec section 5, Sign-up. */
export const RegistrationRequestSchema = z.object({
  email: requiredText(254, M.emailRequired).regex(EMAIL_PATTERN, M.signupEmailInvalid),
  password,
  first_name: requiredText(100, M.firstNameRequired),
  last_name: requiredText(100, M.lastNameRequired),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

export const VerificationCodeSchema = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), M.codeFormat);

export const VerifyEmailRequestSchema = z.object({
  email: requiredText(254, M.emailRequired).regex(EMAIL_PATTERN, M.signupEmailInvalid),
  code: VerificationCodeSchema,
});
export const VerifyEmailResponseSchema = z.object({ success: z.literal(true), userId: z.string() });

export const PasswordResetRequestSchema = z.object({
  email: requiredText(254, M.resetEmailRequired).regex(EMAIL_PATTERN, M.loginEmailInvalid),
});
export const PasswordResetCompleteSchema = z.object({
  token: z.string().min(1).max(200),
  password,
});

export const RefreshRequestSchema = z.object({ refresh: z.string().min(1).max(500) });
export const RefreshResponseSchema = z.object({ access: z.string(), refresh: z.string().optional() });

export const LogoutRequestSchema = z.object({ refresh: z.string().min(1).max(500).optional() });

export const CurrentUserResponseSchema = UserSchema;

export const UpdateOnboardingRequestSchema = z.object({ onboarding_status: OnboardingStatusSchema });
export const UpdateOnboardingResponseSchema = z.object({ success: z.literal(true), user: UserSchema });

export const UserDisplayNameResponseSchema = z.object({ display_name: z.string() });
