import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { signedInChange, signedInRead } from "../../core/route-schema.ts";
import { createPointsService } from "./points.service.ts";

/** Points: the caller's balance and history; the company's points rules (admins). */
export async function pointsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createPointsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.myPoints.path, signedInRead(app, api.myPoints), async (request) => {
    const mine = await service.mine(inCompany(callerOf(request)), request.query);
    return { success: true as const, balance: mine.balance, history: mine.history, next_cursor: mine.nextCursor };
  });

  routes.get(api.pointsRules.path, signedInRead(app, api.pointsRules), async (request) => {
    const rules = await service.rules(inCompany(callerOf(request)));
    return { success: true as const, rules };
  });

  routes.patch(api.updatePointsRules.path, signedInChange(app, api.updatePointsRules), async (request) => {
    const rules = await service.updateRules(inCompany(callerOf(request)), request.body);
    return { success: true as const, rules };
  });
}
