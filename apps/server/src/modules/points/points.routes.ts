import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createPointsService } from "./points.service.ts";

/** Points: the caller's balance and history; the company's points rules (admins). */
export async function pointsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createPointsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.myPoints.path, signedInRead(app, api.myPoints), async (request) =>
    pageAnswer(await service.mine(companyCallerOf(request), request.query)),
  );

  routes.get(api.pointsRules.path, signedInRead(app, api.pointsRules), async (request) => {
    const rules = await service.rules(companyCallerOf(request));
    return { success: true as const, rules };
  });

  routes.patch(api.updatePointsRules.path, signedInLimited(app, api.updatePointsRules), async (request) => {
    const rules = await service.updateRules(companyCallerOf(request), request.body);
    return { success: true as const, rules };
  });
}
