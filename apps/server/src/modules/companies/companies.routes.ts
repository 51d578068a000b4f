import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { endpointSchema, signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { translatorFor } from "../../lib/i18n.ts";
import type { FailedGuessLimit } from "../../plugins/failed-guesses.ts";
import { clearRegistrationProofCookie, registrationProofOf, sessionDeviceOf, signIn } from "../auth/auth.service.ts";
import { createCompaniesService } from "./companies.service.ts";
import { COMPANIES_TEXTS } from "./companies.texts.ts";
import { COMPANY_PROOF_COOKIE, COMPANY_PROOF_TTL_SECONDS } from "./company-proof.ts";

/**
 * Wrong company passwords allowed before verify-company answers 429: per company and address, and
 * per address across companies. The company's count across addresses never refuses anyone (it
 * would let anyone stop a company's onboarding): it tells the company's administrators, once an
 * hour. Correct passwords never count, so a whole office joining from one address is not refused.
 */
export const VERIFY_COMPANY_GUESS_LIMIT = {
  name: "company-password",
  failures: ["company.verification_failed"],
  rules: [
    { per: "target-and-address", max: 10, windowSeconds: 15 * 60, action: "refuse" },
    { per: "address", max: 20, windowSeconds: 15 * 60, action: "refuse" },
    { per: "target", max: 30, windowSeconds: 60 * 60, action: "count", alert: true },
  ],
} as const satisfies FailedGuessLimit;

/**
 * The company association dialog of a new account (verify a company's name and join password,
 * join it, or create a company), and Company Settings (name, join password) for admins.
 */
export async function companiesRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { config, clock } = options;
  const service = createCompaniesService({ db: options.database.db, clock, config });
  const cookieOptions = {
    path: "/api/",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.appUrl.startsWith("https://"),
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const companyPasswordGuesses = app.failedGuesses(VERIFY_COMPANY_GUESS_LIMIT, {
    onAlert: service.warnAdminsOfGuessing,
  });

  routes.post(
    api.verifyCompany.path,
    {
      schema: endpointSchema(api.verifyCompany),
      config: app.limitTo(api.verifyCompany),
    },
    async (request, reply) => {
      try {
        const { proof, teams } = await companyPasswordGuesses.attempt(request, reply, request.body.companyName, () =>
          service.verify(request.body),
        );
        reply.setCookie(COMPANY_PROOF_COOKIE, proof, { ...cookieOptions, maxAge: COMPANY_PROOF_TTL_SECONDS });
        return { success: true as const, teams };
      } catch (error) {
        // A failed attempt resets verification: the proof of an earlier success is dropped.
        reply.clearCookie(COMPANY_PROOF_COOKIE, cookieOptions);
        throw error;
      }
    },
  );

  routes.post(
    api.associateCompany.path,
    { schema: endpointSchema(api.associateCompany), config: app.limitTo(api.associateCompany) },
    async (request, reply) => {
      const body = request.body;
      const outcome = await service.join({
        userId: body.userId,
        companyName: body.companyName,
        companyProof: request.cookies[COMPANY_PROOF_COOKIE],
        teamId: body.team,
        displayName: body.displayName,
        role: body.role,
        requestingAdmin: body.requesting_admin,
        registrationProof: registrationProofOf(request),
      });
      reply.clearCookie(COMPANY_PROOF_COOKIE, cookieOptions);
      clearRegistrationProofCookie(reply, { secure: cookieOptions.secure });
      const signedIn = await signIn(options, body.userId, sessionDeviceOf(request));
      // Said in the language the person now reads (their company's, until they choose their own).
      const t = translatorFor(signedIn.user.effective_language);
      return {
        success: true as const,
        ...(outcome.notice ? { message: t(outcome.notice.message, outcome.notice.values) } : {}),
        ...signedIn,
      };
    },
  );

  routes.post(
    api.createCompany.path,
    { schema: endpointSchema(api.createCompany), config: app.limitTo(api.createCompany) },
    async (request, reply) => {
      const body = request.body;
      await service.create({ ...body, registrationProof: registrationProofOf(request) });
      clearRegistrationProofCookie(reply, { secure: cookieOptions.secure });
      const signedIn = await signIn(options, body.adminId, sessionDeviceOf(request));
      const t = translatorFor(signedIn.user.effective_language);
      return { success: true as const, message: t(COMPANIES_TEXTS.created), ...signedIn };
    },
  );

  routes.get(api.company.path, signedInRead(app, api.company), async (request) => ({
    success: true as const,
    company: await service.overview(companyCallerOf(request)),
  }));

  routes.patch(api.updateCompany.path, signedInLimited(app, api.updateCompany), async (request) => ({
    success: true as const,
    company: await service.update(companyCallerOf(request), request.body),
  }));
}
