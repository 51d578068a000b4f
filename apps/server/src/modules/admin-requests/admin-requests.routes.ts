import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import type { PeopleModuleOptions } from "../companies/tenancy.ts";
import { decideAdminRequest } from "./admin-requests.service.ts";

/** Approve or deny an admin request (admins, from the notification panel). */
export async function adminRequestsRoutes(app: FastifyInstance, options: PeopleModuleOptions) {
  const deps = { db: options.database.db, clock: options.clock };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    api.adminRequestResponse.path,
    {
      schema: endpointSchema(api.adminRequestResponse),
      onRequest: [app.authenticate],
      config: app.limitTo(api.adminRequestResponse),
    },
    async (request) => {
      await decideAdminRequest(deps, principalOf(request), request.body);
      return { success: true as const };
    },
  );
}
