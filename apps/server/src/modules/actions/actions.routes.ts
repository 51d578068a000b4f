import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInChange, signedInRead } from "../../core/route-schema.ts";
import { createActionsService } from "./actions.service.ts";

/** The ideas-to-action board. */
export async function actionsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createActionsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.listActions.path, signedInRead(app, api.listActions), async (request) => {
    const page = await service.list(inCompany(callerOf(request)), request.query);
    return { success: true as const, actions: page.actions, next_cursor: page.nextCursor };
  });

  routes.patch(api.updateAction.path, signedInChange(app, api.updateAction, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "action.not_found");
    const action = await service.update(inCompany(callerOf(request)), id, request.body);
    return { success: true as const, action };
  });
}
