import { AppError, api, peopleApi } from "@ideaport/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
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

/** Password guessing on verify-company: per IP per minute, and per IP and company name per hour. */
export const VERIFY_COMPANY_LIMITS = {
  perIpPerMinute: 5,
  perIpAndCompanyPerHour: 20,
} as const;

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

  const hourlyGuessLimit = app.createRateLimit({
    max: Math.max(1, Math.ceil(VERIFY_COMPANY_LIMITS.perIpAndCompanyPerHour * config.rateLimitMultiplier)),
    timeWindow: "1 hour",
    keyGenerator: (request) => {
      const name = (request.body as { companyName?: unknown } | undefined)?.companyName;
      return `verify-company:${request.ip}:${typeof name === "string" ? name.trim().toLowerCase() : ""}`;
    },
  });
  /** Runs after validation, so the key can name the company. */
  async function limitGuessesPerCompany(request: FastifyRequest, reply: FastifyReply) {
    const result = await hourlyGuessLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw new AppError("request.rate_limited");
    }
  }

  routes.post(
    api.verifyCompany.path,
    {
      schema: endpointSchema(api.verifyCompany),
      config: app.limitTo(VERIFY_COMPANY_LIMITS.perIpPerMinute, "1 minute"),
      preHandler: [limitGuessesPerCompany],
    },
    async (request, reply) => {
      try {
        const { company, teams } = await verifyCompany(db, request.body);
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
    { schema: endpointSchema(api.associateCompany), config: app.limitTo(10) },
    async (request, reply) => {
      const body = request.body;
      if (!isUuid(body.userId)) throw new AppError("registration.proof_required");
      await requireRegistrationProof(db, request, body.userId);
      const company = await findCompanyByName(db, body.companyName);
      if (!company || !proofs.matches(request.cookies[COMPANY_PROOF_COOKIE], company)) {
        throw new AppError("company.proof_required");
      }
      await joinCompany(deps, {
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
      return { success: true as const, ...(await signIn(options, body.userId)) };
    },
  );

  routes.post(
    api.createCompany.path,
    { schema: endpointSchema(api.createCompany), config: app.limitTo(10) },
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
    { schema: endpointSchema(peopleApi.updateCompany), onRequest: [app.authenticate], config: app.limitTo(20) },
    async (request) => {
      const principal = principalOf(request);
      await updateCompany(deps, principal, request.body);
      return { success: true as const, company: presentCompany(await getCompanyOverview(db, principal)) };
    },
  );
}
