import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from "../limits.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { EMAIL_PATTERN, SuccessSchema } from "./common.ts";
import { RoleSchema, TeamMembershipSchema, UserSchema } from "./users.ts";

/** A required text field: a missing value gets the same message as an empty one. */
const requiredText = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, { message: `Must be at most ${max} characters.` });

/** Login: e-mail required and a plausible address; password required. */
export const LoginRequestSchema = z.object({
  email: requiredText(254, M.emailRequired).regex(EMAIL_PATTERN, M.loginEmailInvalid),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** What a login answers: both tokens and the user's fields, named as existing clients read them. */
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

/** What a step that signs the person in at its end answers (accepting an invitation, changing the password): the login and the user. */
export const SignedInResponseSchema = LoginResponseSchema.extend({
  success: z.literal(true),
  user: UserSchema,
});

/** A new password: required, at least MIN_PASSWORD_LENGTH characters. */
export const NewPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, M.passwordTooShort)
  .max(1024, { message: "Password must be at most 1024 characters" });

/** Sign-up: first and last name, e-mail and password required; a plausible address, a password of at least 8 characters. */
export const RegistrationRequestSchema = z.object({
  email: requiredText(254, M.emailRequired).regex(EMAIL_PATTERN, M.signupEmailInvalid),
  password: NewPasswordSchema,
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
  password: NewPasswordSchema,
});

export const RefreshRequestSchema = z.object({ refresh: z.string().min(1).max(500) });
export const RefreshResponseSchema = z.object({ access: z.string(), refresh: z.string().optional() });

export const LogoutRequestSchema = z.object({ refresh: z.string().min(1).max(500).optional() });

/**
 * Sign-in, sessions, sign-up with an e-mailed code, and password reset. Login, token refresh,
 * the verification-code calls and the reset request keep their paths exactly, trailing slash
 * included, because existing clients call them; logout and the rest of the reset follow the same
 * style.
 */
export const authEndpoints = {
  login: defineEndpoint({
    method: "POST",
    path: "/api/auth/login/",
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    auth: false,
  }),
  tokenRefresh: defineEndpoint({
    method: "POST",
    path: "/api/token/refresh/",
    body: RefreshRequestSchema,
    response: RefreshResponseSchema,
    auth: false,
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/api/auth/logout/",
    body: LogoutRequestSchema,
    response: SuccessSchema,
    auth: false,
  }),
  requestVerificationCode: defineEndpoint({
    method: "POST",
    path: "/api/request-verification-code/",
    body: RegistrationRequestSchema,
    response: SuccessSchema,
    auth: false,
  }),
  verifyEmailRegister: defineEndpoint({
    method: "POST",
    path: "/api/verify-email-register/",
    body: VerifyEmailRequestSchema,
    response: VerifyEmailResponseSchema,
    auth: false,
  }),
  passwordResetRequest: defineEndpoint({
    method: "POST",
    path: "/api/password-reset/request/",
    body: PasswordResetRequestSchema,
    response: SuccessSchema,
    auth: false,
  }),
  /** Lets the reset page tell early whether its link still works (400 when not). */
  passwordResetCheck: defineEndpoint({
    method: "GET",
    path: "/api/password-reset/:token/",
    response: SuccessSchema,
    auth: false,
  }),
  passwordResetComplete: defineEndpoint({
    method: "POST",
    path: "/api/password-reset/complete/",
    body: PasswordResetCompleteSchema,
    response: SuccessSchema,
    auth: false,
  }),
} as const;
