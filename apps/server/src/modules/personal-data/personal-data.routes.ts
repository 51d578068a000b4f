import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { signedInRead } from "../../core/route-schema.ts";
import { createPersonalDataService } from "./personal-data.service.ts";

/** The file name of an export made on `day` (YYYY-MM-DD, UTC). */
export function personalDataFileName(now: Date): string {
  return `ideaport-my-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Profile Settings → Your data: "Download my data". */
export async function personalDataRoutes(app: FastifyInstance, options: ModuleOptions) {
  const personalData = createPersonalDataService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    api.exportPersonalData.path,
    { ...signedInRead(app, api.exportPersonalData), config: app.limitTo(api.exportPersonalData) },
    async (request, reply) => {
      const document = await personalData.export(callerOf(request));
      // A download, never cached: it is the whole of one person's data.
      reply
        .header("content-disposition", `attachment; filename="${personalDataFileName(options.clock())}"`)
        .header("cache-control", "no-store");
      return document;
    },
  );
}
