import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleOptions } from "../../core/module-options.ts";
import { endpointSchema } from "../../core/route-schema.ts";
import { createSystemService } from "./system.service.ts";

const CSP_CONTENT_TYPES = ["application/csp-report", "application/reports+json"];

/** Health probes, the CSP report sink, client error reports and web-vitals. */
export async function systemRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createSystemService({
    database: options.database,
    rateLimitBackend: () => app.rateLimitBackend(),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  routes.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    const readiness = await service.readiness();
    if (readiness.status !== "unavailable") return readiness;
    request.log.warn(`readiness check failed, the database is unavailable: ${readiness.cause}`);
    return reply.status(503).send({ status: readiness.status, reason: readiness.reason });
  });

  routes.post(
    api.clientErrors.path,
    { schema: endpointSchema(api.clientErrors), config: app.limitTo(api.clientErrors) },
    async (request) => {
      await service.recordClientError(request.body, request.headers["user-agent"]);
      return { success: true as const };
    },
  );

  routes.post(
    api.webVitals.path,
    { schema: endpointSchema(api.webVitals), config: app.limitTo(api.webVitals) },
    async (request) => {
      await service.recordWebVital(request.body);
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
          await service.recordCspReport(request.body, request.headers["user-agent"]);
          return reply.status(204).send();
        },
      );
    });
  }
}
