import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { createAuthService } from "./auth.service.ts";
import { limitPerIpAndEmail } from "./keyed-rate-limit.ts";
import { createPasswordResetService } from "./password-reset.service.ts";
import { createRegistrationService } from "./registration.service.ts";
import {
  clearRegistrationProofCookie,
  REGISTRATION_PROOF_COOKIE,
  setRegistrationProofCookie,
} from "./registration-proof.ts";

export interface AuthModuleOptions {
  config: Config;
  database: DatabaseHandle;
  accessTokens: AccessTokens;
  clock: () => Date;
  mailOutbox: { wake(): void };
}

/**
 * Server-side rate limits of the sign-in steps (per client IP; "per IP and e-mail" limits key on
 * both, so one attacker cannot lock a victim out from elsewhere). Scaled by RATE_LIMIT_MULTIPLIER.
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { max: 30, timeWindow: "1 minute" },
  loginPerIpAndEmail: { max: 10, timeWindow: "1 minute" },
  verificationCodePerIp: { max: 20, timeWindow: "10 minutes" },
  verificationCodePerIpAndEmail: { max: 5, timeWindow: "10 minutes" },
  verifyEmailPerIp: { max: 10, timeWindow: "1 minute" },
  passwordResetRequestPerIp: { max: 10, timeWindow: "1 minute" },
  passwordResetRequestPerIpAndEmail: { max: 3, timeWindow: "1 minute" },
  passwordResetCheckPerIp: { max: 30, timeWindow: "1 minute" },
  passwordResetCompletePerIp: { max: 10, timeWindow: "1 minute" },
  tokenRefreshPerIp: { max: 60, timeWindow: "1 minute" },
  logoutPerIp: { max: 60, timeWindow: "1 minute" },
} as const;

const PasswordResetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** Sign-up, sign-in, token refresh, sign-out and password reset. */
export async function authRoutes(app: FastifyInstance, options: AuthModuleOptions) {
  const { config, clock, accessTokens, mailOutbox } = options;
  const { db } = options.database;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limit = (name: keyof typeof AUTH_RATE_LIMITS) =>
    app.limitTo(AUTH_RATE_LIMITS[name].max, AUTH_RATE_LIMITS[name].timeWindow);
  const limitByEmail = (name: keyof typeof AUTH_RATE_LIMITS) =>
    limitPerIpAndEmail(app, { name, ...AUTH_RATE_LIMITS[name] });
  const secureCookies = config.appUrl.startsWith("https://");

  const auth = createAuthService({ db, accessTokens, clock });
  const registration = createRegistrationService({ db, clock, config, mailOutbox });
  const passwordReset = createPasswordResetService({ db, clock, config, mailOutbox, logger: app.log });
  app.addHook("onClose", async () => passwordReset.settle());

  routes.post(
    api.login.path,
    {
      schema: endpointSchema(api.login),
      config: limit("loginPerIp"),
      preHandler: limitByEmail("loginPerIpAndEmail"),
    },
    async (request, reply) => {
      const { login, registrationProof } = await auth.login(request.body);
      // A company-less account may still join or create a company (DESIGN section 3's proof);
      // anyone else's browser drops a proof left over from an earlier sign-up.
      if (registrationProof) setRegistrationProofCookie(reply, registrationProof, { secure: secureCookies });
      else if (request.cookies[REGISTRATION_PROOF_COOKIE])
        clearRegistrationProofCookie(reply, { secure: secureCookies });
      return login;
    },
  );

  routes.post(
    api.tokenRefresh.path,
    { schema: endpointSchema(api.tokenRefresh), config: limit("tokenRefreshPerIp") },
    async (request) => auth.refresh(request.body.refresh),
  );

  routes.post(
    api.logout.path,
    { schema: endpointSchema(api.logout), config: limit("logoutPerIp") },
    async (request, reply) => {
      await auth.logout(request.body.refresh);
      if (request.cookies[REGISTRATION_PROOF_COOKIE]) clearRegistrationProofCookie(reply, { secure: secureCookies });
      return { success: true as const };
    },
  );

  routes.post(
    api.requestVerificationCode.path,
    {
      schema: endpointSchema(api.requestVerificationCode),
      config: limit("verificationCodePerIp"),
      preHandler: limitByEmail("verificationCodePerIpAndEmail"),
    },
    async (request) => {
      await registration.requestVerificationCode(request.body);
      return { success: true as const };
    },
  );

  routes.post(
    api.verifyEmailRegister.path,
    { schema: endpointSchema(api.verifyEmailRegister), config: limit("verifyEmailPerIp") },
    async (request, reply) => {
      const { userId, proof } = await registration.verifyEmail(request.body);
      setRegistrationProofCookie(reply, proof, { secure: secureCookies });
      return { success: true as const, userId };
    },
  );

  routes.post(
    api.passwordResetRequest.path,
    {
      schema: endpointSchema(api.passwordResetRequest),
      config: limit("passwordResetRequestPerIp"),
      preHandler: limitByEmail("passwordResetRequestPerIpAndEmail"),
    },
    async (request) => {
      passwordReset.requestReset(request.body.email);
      return { success: true as const };
    },
  );

  routes.get(
    api.passwordResetCheck.path,
    {
      schema: endpointSchema(api.passwordResetCheck, { params: PasswordResetTokenParamsSchema }),
      config: limit("passwordResetCheckPerIp"),
      // The token is in the path: keep the request line out of the info-level access log.
      logLevel: "warn",
    },
    async (request) => {
      await passwordReset.checkToken((request.params as z.infer<typeof PasswordResetTokenParamsSchema>).token);
      return { success: true as const };
    },
  );

  routes.post(
    api.passwordResetComplete.path,
    { schema: endpointSchema(api.passwordResetComplete), config: limit("passwordResetCompletePerIp") },
    async (request) => {
      await passwordReset.completeReset(request.body.token, request.body.password);
      return { success: true as const };
    },
  );
}
