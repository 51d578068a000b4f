import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { signedInChange } from "../../core/route-schema.ts";
import { createAdminRequestsService } from "./admin-requests.service.ts";

/** Approve or deny an admin request (admins, from the notification panel). */
export async function adminRequestsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createAdminRequestsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(api.adminRequestResponse.path, signedInChange(app, api.adminRequestResponse), async (request) => {
    await service.decide(inCompany(callerOf(request)), request.body);
    return { success: true as const };
  });
}
