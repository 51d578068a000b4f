import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createErasureService } from "./erasure.service.ts";
import { createPersonalDataService } from "./personal-data.service.ts";

const UserParams = z.object({ userId: z.string().max(100) });

/** The file name of an export made on `day` (YYYY-MM-DD, UTC). */
export function personalDataFileName(now: Date): string {
  return `ideaport-my-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Profile Settings → Your data: "Download my data" and "Delete my account"; and an
 * administrator's erasure of a person of their company.
 */
export async function personalDataRoutes(app: FastifyInstance, options: ModuleOptions) {
  const personalData = createPersonalDataService(serviceDependenciesOf(options));
  const erasure = createErasureService(serviceDependenciesOf(options));
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

  routes.delete(api.eraseAccount.path, signedInLimited(app, api.eraseAccount), async (request) => {
    await erasure.eraseOwnAccount(callerOf(request), request.sessionId, request.body);
    return { success: true as const };
  });

  routes.delete(api.eraseCompanyUser.path, signedInLimited(app, api.eraseCompanyUser, UserParams), async (request) => {
    await erasure.eraseCompanyUser(callerOf(request), pathId(request.params.userId, "user.not_found"));
    return { success: true as const };
  });
}
