import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createActionsService } from "./actions.service.ts";

/** The ideas-to-action board. */
export async function actionsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createActionsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.listActions.path, signedInRead(app, api.listActions), async (request) =>
    pageAnswer(await service.list(companyCallerOf(request), request.query)),
  );

  routes.patch(api.updateAction.path, signedInLimited(app, api.updateAction, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "action.not_found");
    const action = await service.update(companyCallerOf(request), id, request.body);
    return { success: true as const, action };
  });
}
