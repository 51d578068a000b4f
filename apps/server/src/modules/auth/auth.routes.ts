import { api, type LoginResponse } from "@ideaport/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config/env.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { endpointSchema } from "../../core/route-schema.ts";
import { readerLanguage } from "../../lib/i18n.ts";
import type { FailedGuessLimit } from "../../plugins/failed-guesses.ts";
import { createAuthService, sessionDeviceOf } from "./auth.service.ts";
import { createDeviceCookies } from "./device-cookie.ts";
import { limitPerIpAndEmail } from "./keyed-rate-limit.ts";
import { createPasswordResetService } from "./password-reset.service.ts";
import { createRegistrationService } from "./registration.service.ts";
import {
  clearRegistrationProofCookie,
  REGISTRATION_PROOF_COOKIE,
  setRegistrationProofCookie,
} from "./registration-proof.ts";

/**
 * Call limits per client address and e-mail on the steps that send mail, so one address cannot
 * flood one inbox. Each route's own limit is its row in ROUTE_RATE_LIMITS. Scaled by
 * RATE_LIMIT_MULTIPLIER.
 */
export const AUTH_RATE_LIMITS = {
  verificationCodePerIpAndEmail: { max: 5, timeWindow: "10 minutes" },
  passwordResetRequestPerIpAndEmail: { max: 3, timeWindow: "1 minute" },
} as const;

/**
 * Failed guesses allowed before a step holds the guesser back. Successful sign-ins never count, so
 * an office behind one address is not refused.
 *
 * Sign-in slows the guesser and never the owner: waits grow per account and address, and per
 * address across accounts; a browser with the account's device cookie answers only for its own
 * failures. The account's count across addresses holds back only addresses that have failed on
 * it themselves (so guessing cannot lock the owner out, from a new browser or address either) and
 * warns the owner by e-mail once an hour.
 */
export const AUTH_GUESS_LIMITS = {
  login: {
    name: "login",
    failures: ["auth.invalid_credentials"],
    rules: [
      { per: "device", max: 5, windowSeconds: 60 * 60, action: "slow", maxDelaySeconds: 15 * 60 },
      { per: "target-and-address", max: 5, windowSeconds: 60 * 60, action: "slow", maxDelaySeconds: 15 * 60 },
      {
        per: "target",
        max: 20,
        windowSeconds: 60 * 60,
        action: "slow",
        firstDelaySeconds: 60,
        maxDelaySeconds: 15 * 60,
        onlyClientsThatFailed: true,
        alert: true,
      },
      { per: "address", max: 100, windowSeconds: 15 * 60, action: "slow", maxDelaySeconds: 15 * 60 },
    ],
  },
  verificationCode: {
    name: "verification-code",
    failures: ["registration.code_invalid"],
    rules: [
      { per: "target", max: 10, windowSeconds: 10 * 60, action: "refuse" },
      { per: "address", max: 50, windowSeconds: 10 * 60, action: "refuse" },
    ],
  },
  // Reset tokens are long random secrets and name no account until they match, so failures
  // count per address.
  passwordResetToken: {
    name: "password-reset-token",
    failures: ["password_reset.token_invalid"],
    rules: [{ per: "address", max: 20, windowSeconds: 15 * 60, action: "refuse" }],
  },
} as const satisfies Record<string, FailedGuessLimit>;

/**
 * The answer of every sign-in (password or single sign-on): the login body, the browser's device
 * cookie for the account, and the registration proof cookie of an account without a company.
 */
export function createLoginReplies(config: Pick<Config, "appUrl" | "jwtSecret">) {
  const secureCookies = config.appUrl.startsWith("https://");
  const devices = createDeviceCookies(config.jwtSecret, { secure: secureCookies });
  return {
    devices,
    send(
      request: FastifyRequest,
      reply: FastifyReply,
      outcome: { login: LoginResponse; registrationProof: string | null },
      device = devices.read(request, outcome.login.email),
    ): LoginResponse {
      devices.issue(reply, outcome.login.email, device);
      // A company-less account may still join or create a company, which needs the proof of a
      // verified sign-up; anyone else's browser drops a proof left over from an earlier sign-up.
      if (outcome.registrationProof) {
        setRegistrationProofCookie(reply, outcome.registrationProof, { secure: secureCookies });
      } else if (request.cookies[REGISTRATION_PROOF_COOKIE]) {
        clearRegistrationProofCookie(reply, { secure: secureCookies });
      }
      return outcome.login;
    },
  };
}

const PasswordResetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** Sign-up, sign-in, token refresh, sign-out and password reset. */
export async function authRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { config, clock, accessTokens } = options;
  const { db } = options.database;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limitByEmail = (name: keyof typeof AUTH_RATE_LIMITS) =>
    limitPerIpAndEmail(app, { name, ...AUTH_RATE_LIMITS[name] });
  const secureCookies = config.appUrl.startsWith("https://");
  const auth = createAuthService({
    db,
    accessTokens,
    clock,
    refreshTokenSecret: config.jwtSecret,
    appUrl: config.appUrl,
  });
  const loginReplies = createLoginReplies(config);
  const devices = loginReplies.devices;
  const loginGuesses = app.failedGuesses(AUTH_GUESS_LIMITS.login, { onAlert: auth.warnOwnerOfGuessing });
  const codeGuesses = app.failedGuesses(AUTH_GUESS_LIMITS.verificationCode);
  const resetTokenGuesses = app.failedGuesses(AUTH_GUESS_LIMITS.passwordResetToken);

  const registration = createRegistrationService({ db, clock, config });
  const passwordReset = createPasswordResetService({ db, clock, config, logger: app.log });
  app.addHook("onClose", async () => passwordReset.settle());

  routes.post(
    api.login.path,
    {
      schema: endpointSchema(api.login),
      config: app.limitTo(api.login),
    },
    async (request, reply) => {
      const { email } = request.body;
      const device = devices.read(request, email);
      const { login, registrationProof } = await loginGuesses.attempt(
        request,
        reply,
        email,
        () => auth.login(request.body, sessionDeviceOf(request)),
        { device },
      );
      return loginReplies.send(request, reply, { login, registrationProof }, device);
    },
  );

  routes.post(
    api.tokenRefresh.path,
    { schema: endpointSchema(api.tokenRefresh), config: app.limitTo(api.tokenRefresh) },
    async (request) => auth.refresh(request.body.refresh, sessionDeviceOf(request)),
  );

  routes.post(
    api.logout.path,
    { schema: endpointSchema(api.logout), config: app.limitTo(api.logout) },
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
      config: app.limitTo(api.requestVerificationCode),
      preHandler: limitByEmail("verificationCodePerIpAndEmail"),
    },
    async (request) => {
      await registration.requestVerificationCode(request.body, readerLanguage(request));
      return { success: true as const };
    },
  );

  routes.post(
    api.verifyEmailRegister.path,
    { schema: endpointSchema(api.verifyEmailRegister), config: app.limitTo(api.verifyEmailRegister) },
    async (request, reply) => {
      const { userId, proof } = await codeGuesses.attempt(request, reply, request.body.email, () =>
        registration.verifyEmail(request.body),
      );
      setRegistrationProofCookie(reply, proof, { secure: secureCookies });
      return { success: true as const, userId };
    },
  );

  routes.post(
    api.passwordResetRequest.path,
    {
      schema: endpointSchema(api.passwordResetRequest),
      config: app.limitTo(api.passwordResetRequest),
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
      config: app.limitTo(api.passwordResetCheck),
    },
    async (request, reply) => {
      const { token } = request.params as z.infer<typeof PasswordResetTokenParamsSchema>;
      await resetTokenGuesses.attempt(request, reply, "", () => passwordReset.checkToken(token));
      return { success: true as const };
    },
  );

  routes.post(
    api.passwordResetComplete.path,
    { schema: endpointSchema(api.passwordResetComplete), config: app.limitTo(api.passwordResetComplete) },
    async (request, reply) => {
      await resetTokenGuesses.attempt(request, reply, "", () =>
        passwordReset.completeReset(request.body.token, request.body.password),
      );
      return { success: true as const };
    },
  );
}
