import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import type { MessageDescriptor } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from "../limits.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { EMAIL_PATTERN, nameField, requiredText, SuccessSchema } from "./common.ts";
import { RoleSchema, TeamMembershipSchema, UserSchema } from "./users.ts";

/** A required, plausible e-mail address; each form words its two refusals its own way. */
const emailField = (requiredMessage: MessageDescriptor, invalidMessage: MessageDescriptor) =>
  requiredText(requiredMessage, 254, { message: M.textTooLong, values: { max: 254 } }).regex(
    EMAIL_PATTERN,
    schemaMessage(invalidMessage),
  );

const passwordRequired = schemaMessage(M.passwordRequired);
const codeRequired = schemaMessage(M.codeRequired);

/** Login: e-mail required and a plausible address; password required. */
export const LoginRequestSchema = z.object({
  email: emailField(M.emailRequired, M.loginEmailInvalid),
  password: z.string({ error: passwordRequired }).min(1, passwordRequired).max(1024),
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
  .string({ error: passwordRequired })
  .min(1, passwordRequired)
  .min(MIN_PASSWORD_LENGTH, schemaMessage(M.passwordTooShort))
  .max(1024, { message: schemaMessage(M.passwordTooLong) });

/** Sign-up: first and last name, e-mail and password required; a plausible address, a password of at least 8 characters. */
export const RegistrationRequestSchema = z.object({
  email: emailField(M.emailRequired, M.signupEmailInvalid),
  password: NewPasswordSchema,
  first_name: nameField(M.firstNameRequired),
  last_name: nameField(M.lastNameRequired),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

export const VerificationCodeSchema = z
  .string({ error: codeRequired })
  .trim()
  .min(1, codeRequired)
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), schemaMessage(M.codeFormat));

export const VerifyEmailRequestSchema = z.object({
  email: emailField(M.emailRequired, M.signupEmailInvalid),
  code: VerificationCodeSchema,
});
export const VerifyEmailResponseSchema = SuccessSchema.extend({ userId: z.string() });

export const PasswordResetRequestSchema = z.object({
  email: emailField(M.resetEmailRequired, M.loginEmailInvalid),
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
