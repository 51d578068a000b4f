import { AppError, api, peopleApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import type { FailedGuessLimit } from "../../plugins/failed-guesses.ts";
import { clearRegistrationProofCookie } from "../auth/registration-proof.ts";
import { consumeRegistrationProof, requireRegistrationProof } from "../auth/sessions.service.ts";
import { presentCompany } from "./companies.presenter.ts";
import {
  createCompany,
  findCompanyByName,
  getCompanyOverview,
  joinCompany,
  presentTeamChoices,
  updateCompany,
  verifyCompany,
} from "./companies.service.ts";
import { COMPANY_PROOF_COOKIE, COMPANY_PROOF_TTL_SECONDS, createCompanyProofs } from "./company-proof.ts";
import { signIn } from "./sign-in.ts";
import { isUuid, type PeopleModuleOptions, wakeMailOutbox } from "./tenancy.ts";

/**
 * Wrong company passwords allowed before verify-company answers 429: per company from any address
 * (guessing one company's password from many addresses is stopped) and per address. Correct
 * passwords never count, so a whole office joining from one address is not refused.
 */
export const VERIFY_COMPANY_GUESS_LIMIT = {
  name: "company-password",
  failures: ["company.verification_failed"],
  rules: [
    { per: "target", max: 30, windowSeconds: 60 * 60 },
    { per: "address", max: 20, windowSeconds: 15 * 60 },
  ],
} as const satisfies FailedGuessLimit;

/**
 * The company association dialog (spec section 4, Company join): verify, join, create; and
 * Company Settings (name, join password) for admins.
 */
export async function companiesRoutes(app: FastifyInstance, options: PeopleModuleOptions) {
  const { db } = options.database;
  const { config, clock } = options;
  const deps = { db, clock, appUrl: config.appUrl };
  const proofs = createCompanyProofs(config.jwtSecret, clock);
  const cookieOptions = {
    path: "/api/",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.appUrl.startsWith("https://"),
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const companyPasswordGuesses = app.failedGuesses(VERIFY_COMPANY_GUESS_LIMIT);

  routes.post(
    api.verifyCompany.path,
    {
      schema: endpointSchema(api.verifyCompany),
      config: app.limitTo(api.verifyCompany),
    },
    async (request, reply) => {
      try {
        const { company, teams } = await companyPasswordGuesses.attempt(request, reply, request.body.companyName, () =>
          verifyCompany(db, request.body),
        );
        reply.setCookie(COMPANY_PROOF_COOKIE, proofs.issue(company), {
          ...cookieOptions,
          maxAge: COMPANY_PROOF_TTL_SECONDS,
        });
        return { success: true as const, teams: presentTeamChoices(teams) };
      } catch (error) {
        // A failed attempt resets verification (spec section 4).
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
      if (!isUuid(body.userId)) throw new AppError("registration.proof_required");
      await requireRegistrationProof(db, request, body.userId);
      const company = await findCompanyByName(db, body.companyName);
      if (!company || !proofs.matches(request.cookies[COMPANY_PROOF_COOKIE], company)) {
        throw new AppError("company.proof_required");
      }
      const outcome = await joinCompany(deps, {
        userId: body.userId,
        company,
        teamId: body.team,
        displayName: body.displayName,
        role: body.role,
        requestingAdmin: body.requesting_admin,
        consumeProof: (tx) => consumeRegistrationProof(tx, request),
      });
      reply.clearCookie(COMPANY_PROOF_COOKIE, cookieOptions);
      clearRegistrationProofCookie(reply, { secure: cookieOptions.secure });
      return { success: true as const, ...outcome, ...(await signIn(options, body.userId)) };
    },
  );

  routes.post(
    api.createCompany.path,
    { schema: endpointSchema(api.createCompany), config: app.limitTo(api.createCompany) },
    async (request, reply) => {
      const body = request.body;
      if (!isUuid(body.adminId)) throw new AppError("registration.proof_required");
      await requireRegistrationProof(db, request, body.adminId);
      await createCompany(deps, { ...body, consumeProof: (tx) => consumeRegistrationProof(tx, request) });
      clearRegistrationProofCookie(reply, { secure: cookieOptions.secure });
      wakeMailOutbox(app);
      return { success: true as const, message: "Company created.", ...(await signIn(options, body.adminId)) };
    },
  );

  routes.get(
    peopleApi.company.path,
    { schema: endpointSchema(peopleApi.company), onRequest: [app.authenticate] },
    async (request) => ({
      success: true as const,
      company: presentCompany(await getCompanyOverview(db, principalOf(request))),
    }),
  );

  routes.patch(
    peopleApi.updateCompany.path,
    {
      schema: endpointSchema(peopleApi.updateCompany),
      onRequest: [app.authenticate],
      config: app.limitTo(peopleApi.updateCompany),
    },
    async (request) => {
      const principal = principalOf(request);
      await updateCompany(deps, principal, request.body);
      return { success: true as const, company: presentCompany(await getCompanyOverview(db, principal)) };
    },
  );
}
