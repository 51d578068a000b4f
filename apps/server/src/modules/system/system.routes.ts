import { api, READINESS_TIMEOUT_MS } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { clientErrors, cspReports, webVitals } from "../../db/schema.ts";
import { endpointSchema } from "../../lib/endpoint-schema.ts";

const CSP_CONTENT_TYPES = ["application/csp-report", "application/reports+json"];

/** Health probes, the CSP report sink, client error reports and web-vitals. */
export async function systemRoutes(app: FastifyInstance, options: { config: Config; database: DatabaseHandle }) {
  const { db } = options.database;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  routes.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    try {
      await options.database.ping(READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn(`readiness check failed, the database is unavailable: ${(error as Error).message}`);
      return reply.status(503).send({ status: "unavailable", reason: "The database is unavailable." });
    }
    // Without Redis the limits still hold, per instance: ready, but degraded and saying why.
    if (app.rateLimitBackend() === "in-process, Redis unreachable") {
      return { status: "degraded", reason: "Redis is unreachable: rate limits are counted per instance." };
    }
    return { status: "ready" };
  });

  routes.post(
    api.clientErrors.path,
    { schema: endpointSchema(api.clientErrors), config: app.limitTo(api.clientErrors) },
    async (request) => {
      const report = request.body;
      await db.insert(clientErrors).values({
        kind: report.kind,
        message: report.message,
        path: report.path,
        stack: report.stack ?? null,
        componentStack: report.componentStack ?? null,
        userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
      });
      return { success: true as const };
    },
  );

  routes.post(
    api.webVitals.path,
    { schema: endpointSchema(api.webVitals), config: app.limitTo(api.webVitals) },
    async (request) => {
      const metric = request.body;
      await db.insert(webVitals).values({
        name: metric.name,
        value: metric.value,
        rating: metric.rating ?? null,
        metricId: metric.id,
        path: metric.path,
      });
      return { success: true as const };
    },
  );

  if (options.config.cspReporting) {
    app.register(async (scope) => {
      scope.addContentTypeParser(
        CSP_CONTENT_TYPES,
        { parseAs: "string", bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          try {
            done(null, JSON.parse(body as string));
          } catch {
            done(null, { unparsed: String(body).slice(0, 2000) });
          }
        },
      );
      scope.post(
        api.cspReport.path,
        { schema: { hide: true, body: z.unknown() }, config: scope.limitTo(api.cspReport), bodyLimit: 64 * 1024 },
        async (request, reply) => {
          await db.insert(cspReports).values({
            report: request.body ?? {},
            userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
          });
          return reply.status(204).send();
        },
      );
    });
  }
}
