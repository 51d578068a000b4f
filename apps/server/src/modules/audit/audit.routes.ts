import { Readable } from "node:stream";
import { AUDIT_CSV_FILE_NAME, api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createAuditLogService } from "./audit.service.ts";

/** The audit log for administrators: its pages, and the filtered log streamed as CSV. */
export async function auditLogRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createAuditLogService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.listAuditLog.path, signedInLimited(app, api.listAuditLog), async (request) =>
    pageAnswer(await service.list(companyCallerOf(request), request.query)),
  );

  // The answer is a stream of CSV text, not JSON: only the query has a schema.
  routes.get(
    api.auditLogCsv.path,
    {
      onRequest: [app.authenticate],
      schema: { querystring: api.auditLogCsv.query },
      config: app.limitTo(api.auditLogCsv),
    },
    async (request, reply) => {
      const lines = service.exportCsv(companyCallerOf(request), request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${AUDIT_CSV_FILE_NAME}"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines));
    },
  );
}
