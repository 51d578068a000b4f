import { z } from "zod";
import {
  CurrentUserResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  PasswordResetCompleteSchema,
  PasswordResetRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegistrationRequestSchema,
  UpdateOnboardingRequestSchema,
  UpdateOnboardingResponseSchema,
  UserDisplayNameResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from "../schemas/auth.ts";
import { PageQuerySchema, SuccessSchema } from "../schemas/common.ts";
import {
  AdminRequestResponseRequestSchema,
  AssociateCompanyRequestSchema,
  AssociateCompanyResponseSchema,
  CreateCompanyRequestSchema,
  CreateCompanyResponseSchema,
  VerifyCompanyRequestSchema,
  VerifyCompanyResponseSchema,
} from "../schemas/company.ts";
import { MarkNotificationsReadRequestSchema, NotificationListResponseSchema } from "../schemas/notification.ts";
import { ClientErrorReportSchema, CsrfTokenResponseSchema, WebVitalSchema } from "../schemas/telemetry.ts";
import { defineEndpoint } from "./contract.ts";

/**
 * The API contracts. Spec section 7 paths are exact (trailing slash included); the rest follow
 * DESIGN section 3. The server registers `api.x.path`; the client calls `apiClient.call(api.x)`.
 */
export const api = {
  // Spec section 7
  login: defineEndpoint({
    method: "POST",
    path: "/api/auth/login/",
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    auth: false,
  }),
  currentUser: defineEndpoint({ method: "GET", path: "/api/users/current/", response: CurrentUserResponseSchema }),
  notifications: defineEndpoint({
    method: "GET",
    path: "/api/notifications/:userId/",
    query: PageQuerySchema,
    response: NotificationListResponseSchema,
  }),
  updateOnboardingStatus: defineEndpoint({
    method: "POST",
    path: "/api/user/update-onboarding-status/",
    body: UpdateOnboardingRequestSchema,
    response: UpdateOnboardingResponseSchema,
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
  userDisplayName: defineEndpoint({
    method: "GET",
    path: "/api/user/:userId",
    response: UserDisplayNameResponseSchema,
  }),
  verifyCompany: defineEndpoint({
    method: "POST",
    path: "/api/verify-company/",
    body: VerifyCompanyRequestSchema,
    response: VerifyCompanyResponseSchema,
    auth: false,
  }),
  associateCompany: defineEndpoint({
    method: "POST",
    path: "/api/associate-company/",
    body: AssociateCompanyRequestSchema,
    response: AssociateCompanyResponseSchema,
    auth: false,
  }),
  createCompany: defineEndpoint({
    method: "POST",
    path: "/api/create-company/",
    body: CreateCompanyRequestSchema,
    response: CreateCompanyResponseSchema,
    auth: false,
  }),
  adminRequestResponse: defineEndpoint({
    method: "POST",
    path: "/api/admin-request-response/",
    body: AdminRequestResponseRequestSchema,
    response: SuccessSchema,
  }),
  tokenRefresh: defineEndpoint({
    method: "POST",
    path: "/api/token/refresh/",
    body: RefreshRequestSchema,
    response: RefreshResponseSchema,
    auth: false,
  }),
  csrfToken: defineEndpoint({
    method: "GET",
    path: "/api/csrf-token/",
    response: CsrfTokenResponseSchema,
    auth: false,
  }),
  cspReport: defineEndpoint({ method: "POST", path: "/api/csp-report", response: z.unknown(), auth: false }),

  // Added by DESIGN section 3 and the issues
  logout: defineEndpoint({
    method: "POST",
    path: "/api/auth/logout/",
    body: LogoutRequestSchema,
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
  /** Lets the reset page tell early whether its link still works (400 when not). */
  passwordResetCheck: defineEndpoint({
    method: "GET",
    path: "/api/password-reset/:token/",
    response: SuccessSchema,
    auth: false,
  }),
  markNotificationsRead: defineEndpoint({
    method: "POST",
    path: "/api/notifications/mark-read/",
    body: MarkNotificationsReadRequestSchema,
    response: SuccessSchema,
  }),
  clientErrors: defineEndpoint({
    method: "POST",
    path: "/api/client-errors/",
    body: ClientErrorReportSchema,
    response: SuccessSchema,
    auth: false,
  }),
  webVitals: defineEndpoint({
    method: "POST",
    path: "/api/web-vitals/",
    body: WebVitalSchema,
    response: SuccessSchema,
    auth: false,
  }),
} as const;

export type Api = typeof api;
