import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInChange, signedInRead } from "../../core/route-schema.ts";
import { createChallengesService } from "./challenges.service.ts";

/** Challenges: list, create (post or propose), decide on proposals, edit, close. */
export async function challengesRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createChallengesService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.listChallenges.path, signedInRead(app, api.listChallenges), async (request) => {
    const page = await service.list(inCompany(callerOf(request)), request.query);
    return { success: true as const, challenges: page.challenges, next_cursor: page.nextCursor };
  });

  routes.post(api.createChallenge.path, signedInChange(app, api.createChallenge), async (request) => {
    const challenge = await service.create(inCompany(callerOf(request)), request.body);
    return { success: true as const, challenge };
  });

  routes.get(api.getChallenge.path, signedInRead(app, api.getChallenge, IdParamsSchema), async (request) => {
    const challenge = await service.get(inCompany(callerOf(request)), pathId(request.params.id, "challenge.not_found"));
    return { success: true as const, challenge };
  });

  routes.patch(api.updateChallenge.path, signedInChange(app, api.updateChallenge, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "challenge.not_found");
    const challenge = await service.update(inCompany(callerOf(request)), id, request.body);
    return { success: true as const, challenge };
  });

  routes.post(api.decideChallenge.path, signedInChange(app, api.decideChallenge, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "challenge.not_found");
    const challenge = await service.decide(inCompany(callerOf(request)), id, request.body);
    return { success: true as const, challenge };
  });

  routes.post(api.closeChallenge.path, signedInChange(app, api.closeChallenge, IdParamsSchema), async (request) => {
    const challenge = await service.close(
      inCompany(callerOf(request)),
      pathId(request.params.id, "challenge.not_found"),
    );
    return { success: true as const, challenge };
  });
}
