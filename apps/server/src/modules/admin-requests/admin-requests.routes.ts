import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createAdminRequestsService } from "./admin-requests.service.ts";

/** Approve or deny an admin request (admins, from the notification panel). */
export async function adminRequestsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createAdminRequestsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(api.adminRequestResponse.path, signedInLimited(app, api.adminRequestResponse), async (request) => {
    await service.decide(companyCallerOf(request), request.body);
    return { success: true as const };
  });
}
