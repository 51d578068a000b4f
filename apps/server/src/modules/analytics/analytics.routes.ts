import { Readable } from "node:stream";
import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createAnalyticsService } from "./analytics.service.ts";

/** Analytics for administrators: the overview, and the ideas export streamed as CSV. */
export async function analyticsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createAnalyticsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(api.analyticsOverview.path, signedInLimited(app, api.analyticsOverview), async (request) => {
    const overview = await service.overview(companyCallerOf(request), request.query);
    return { success: true as const, overview };
  });

  // The answer is a stream of CSV text, not JSON: only the query has a schema.
  routes.get(
    api.analyticsIdeasCsv.path,
    {
      ...signedIn,
      schema: { querystring: api.analyticsIdeasCsv.query },
      config: app.limitTo(api.analyticsIdeasCsv),
    },
    async (request, reply) => {
      const csv = await service.exportIdeas(companyCallerOf(request), request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${csv.fileName}"`)
        .header("cache-control", "no-store")
        .send(Readable.from(csv.lines));
    },
  );
}
