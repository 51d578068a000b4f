import { IdParamsSchema, ideasApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { withParams } from "../companies/tenancy.ts";
import { type IdeasModuleOptions, pathId } from "../ideas/route-helpers.ts";
import { viewerOf } from "../ideas/viewer.ts";
import { createActionsService } from "./actions.service.ts";

/** The ideas-to-action board. */
export async function actionsRoutes(app: FastifyInstance, options: IdeasModuleOptions) {
  const service = createActionsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(
    ideasApi.listActions.path,
    { ...signedIn, schema: endpointSchema(ideasApi.listActions) },
    async (request) => {
      const page = await service.list(viewerOf(principalOf(request)), request.query);
      return { success: true as const, actions: page.actions, next_cursor: page.nextCursor };
    },
  );

  routes.patch(
    ideasApi.updateAction.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(ideasApi.updateAction), IdParamsSchema),
      config: app.limitTo(ideasApi.updateAction),
    },
    async (request) => {
      const id = pathId(request.params, "action.not_found");
      const action = await service.update(viewerOf(principalOf(request)), id, request.body);
      return { success: true as const, action };
    },
  );
}
