import cookie from "@fastify/cookie";
import { SCIM_BASE_PATH } from "@ideaport/shared";
import Fastify, { type FastifyInstance, type FastifySerializerCompiler, type FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import type { Config } from "./config/env.ts";
import { loggerOptions } from "./config/logger.ts";
import { createResponseSerializerCompiler } from "./core/response-serializer.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { createAccessTokens } from "./lib/access-token.ts";
import { actionsRoutes } from "./modules/actions/actions.routes.ts";
import { adminRequestsRoutes } from "./modules/admin-requests/admin-requests.routes.ts";
import { aiAnalysisRoutes } from "./modules/ai-analysis/ai-analysis.routes.ts";
import { analyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { apiTokensRoutes } from "./modules/api-tokens/api-tokens.routes.ts";
import { authenticateApiToken } from "./modules/api-tokens/api-tokens.service.ts";
import { auditLogRoutes } from "./modules/audit/audit.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { ssoRoutes } from "./modules/auth/sso.routes.ts";
import { calendarRoutes } from "./modules/calendar/calendar.routes.ts";
import { challengesRoutes } from "./modules/challenges/challenges.routes.ts";
import { companiesRoutes } from "./modules/companies/companies.routes.ts";
import { emailNotificationsRoutes } from "./modules/email-notifications/email-notifications.routes.ts";
import { evaluationRoutes } from "./modules/evaluation/evaluation.routes.ts";
import { ideasRoutes } from "./modules/ideas/ideas.routes.ts";
import { idempotency } from "./modules/idempotency/idempotency.plugin.ts";
import { integrationsRoutes } from "./modules/integrations/integrations.routes.ts";
import { invitationsRoutes } from "./modules/invitations/invitations.routes.ts";
import { jobs } from "./modules/jobs/jobs.plugin.ts";
import { leaderboardsRoutes } from "./modules/leaderboards/leaderboards.routes.ts";
import { mailOutbox } from "./modules/mail/mail.plugin.ts";
import { newsRoutes } from "./modules/news/news.routes.ts";
import { notificationStreams } from "./modules/notifications/notifications.plugin.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { personalDataRoutes } from "./modules/personal-data/personal-data.routes.ts";
import { pointsRoutes } from "./modules/points/points.routes.ts";
import { pushRoutes } from "./modules/push/push.routes.ts";
import { rewardsRoutes } from "./modules/rewards/rewards.routes.ts";
import { scimRoutes } from "./modules/scim/scim.routes.ts";
import { scimTokensRoutes } from "./modules/scim/scim-tokens.routes.ts";
import { sessionsRoutes } from "./modules/sessions/sessions.routes.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { tagsRoutes } from "./modules/tags/tags.routes.ts";
import { teamsRoutes } from "./modules/teams/teams.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { authentication } from "./plugins/authentication.ts";
import { compression } from "./plugins/compression.ts";
import { csrfProtection } from "./plugins/csrf.ts";
import { errorHandler } from "./plugins/error-handler.ts";
import { openApi } from "./plugins/openapi.ts";
import { rateLimits } from "./plugins/rate-limit.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { textInput } from "./plugins/text-input.ts";
import { webApp } from "./plugins/web-app.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Every API route, as "METHOD /path" (the authorization matrix and fuzz tests walk it). */
    apiRoutes: string[];
  }
}

/** Fastify's trustProxy for TRUST_PROXY: a proxy count trusts that many hops next to the server. */
function trustedProxiesOf(config: Config): boolean | string[] | ((address: string, hop: number) => boolean) {
  const { trustProxy } = config;
  return typeof trustProxy === "number" ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** Fastify's schema compiler factories, handing over zod's compilers (typed for ajv by Fastify). */
function zodCompilersFactory(
  serializerCompiler: FastifySerializerCompiler<ZodType>,
): NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"] {
  return { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as never;
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The current time; tests move it to expire codes and tokens. */
  clock?: () => Date;
  logger?: FastifyServerOptions["logger"];
}

/**
 * The map of the server: plugins in a fixed order, then every module with
 * its prefix. Tests call this and use `app.inject`; main.ts only listens.
 */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
  const clock = dependencies.clock ?? (() => new Date());
  const accessTokens = createAccessTokens(config.jwtSecret, clock);

  // Compiled serializers; outside production each answer is also checked against zod's.
  const serializerCompiler = createResponseSerializerCompiler({ checkWithZod: config.nodeEnv !== "production" });
  const app = Fastify({
    logger: dependencies.logger ?? (await loggerOptions(config)),
    trustProxy: trustedProxiesOf(config),
    bodyLimit: 1024 * 1024,
    // Without factories of its own, Fastify builds ajv and fast-json-stringify compilers at start.
    schemaController: { compilersFactory: zodCompilersFactory(serializerCompiler) },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("apiRoutes", [] as string[]);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/")) return;
    for (const method of methods) if (method !== "HEAD") app.apiRoutes.push(`${method} ${route.url}`);
  });

  // Plugins, in order: headers, compression, cookies, CSRF, rate limits, auth, errors, text input, docs.
  await app.register(securityHeaders, { config });
  // Before compression: it keeps a write's first answer as serialized (modules/idempotency).
  await app.register(idempotency, { database, clock });
  await app.register(compression);
  await app.register(cookie);
  await app.register(csrfProtection, { config });
  await app.register(rateLimits, { config });
  await app.register(authentication, {
    database,
    accessTokens,
    findApiToken: (text) => authenticateApiToken(database.db, text, clock()),
  });
  await app.register(errorHandler);
  await app.register(textInput);
  await app.register(openApi);

  // Modules: every one is registered with the same options.
  const modules = { config, database, accessTokens, clock };
  await app.register(systemRoutes, modules);

  // Accounts: the mail outbox, sign-up, sign-in (with a password or the company's identity
  // provider), sessions, password reset, the current user, their signed-in devices and their data export.
  await app.register(mailOutbox, { config, database, clock });
  await app.register(authRoutes, modules);
  await app.register(ssoRoutes, modules);
  await app.register(usersRoutes, modules);
  await app.register(sessionsRoutes, modules);
  await app.register(apiTokensRoutes, modules);
  await app.register(personalDataRoutes, modules);

  // Companies, teams, invitations, admin requests, notifications (bell, e-mail, push) and settings.
  await app.register(companiesRoutes, modules);
  await app.register(teamsRoutes, modules);
  await app.register(invitationsRoutes, modules);
  await app.register(adminRequestsRoutes, modules);
  await app.register(notificationStreams, { database, clock });
  await app.register(notificationsRoutes, modules);
  await app.register(emailNotificationsRoutes, modules);
  await app.register(pushRoutes, modules);
  await app.register(settingsRoutes, modules);

  // Challenges, project ideas, the ideas-to-action board.
  await app.register(challengesRoutes, modules);
  await app.register(ideasRoutes, modules);
  await app.register(evaluationRoutes, modules);
  await app.register(tagsRoutes, modules);
  await app.register(aiAnalysisRoutes, modules);
  await app.register(actionsRoutes, modules);

  // The calendar connection: each person's subscription feed.
  await app.register(calendarRoutes, modules);

  // The company portal: news.
  await app.register(newsRoutes, modules);

  // The company portal: points, leaderboards, rewards.
  await app.register(pointsRoutes, modules);
  await app.register(leaderboardsRoutes, modules);
  await app.register(rewardsRoutes, modules);

  // Analytics for administrators.
  await app.register(analyticsRoutes, modules);
  await app.register(auditLogRoutes, modules);

  // Provisioning with SCIM: the company's tokens (admins), and the protocol under /scim/v2/.
  await app.register(scimTokensRoutes, modules);
  await app.register(integrationsRoutes, modules);
  await app.register(scimRoutes, { ...modules, prefix: SCIM_BASE_PATH });

  // Scheduled work: e-mail digests and due-date reminders, on the job queue.
  await app.register(jobs, { config, database, clock });

  // The web app and the fallbacks come last.
  await app.register(webApp, { webDistDir: config.webDistDir });
  return app;
}
