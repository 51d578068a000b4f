import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createChallengesService } from "./challenges.service.ts";

/** Challenges: list, create (post or propose), decide on proposals, edit, close. */
export async function challengesRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createChallengesService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const challengeIdOf = pathIdReader("id", "challenge.not_found");

  routes.get(api.listChallenges.path, signedInRead(app, api.listChallenges), async (request) =>
    pageAnswer(await service.list(companyCallerOf(request), request.query)),
  );

  routes.post(api.createChallenge.path, signedInLimited(app, api.createChallenge), async (request) => {
    const challenge = await service.create(companyCallerOf(request), request.body);
    return { success: true as const, challenge };
  });

  routes.get(api.getChallenge.path, signedInRead(app, api.getChallenge, IdParamsSchema), async (request) => {
    const challenge = await service.get(companyCallerOf(request), challengeIdOf(request));
    return { success: true as const, challenge };
  });

  routes.patch(api.updateChallenge.path, signedInLimited(app, api.updateChallenge, IdParamsSchema), async (request) => {
    const id = challengeIdOf(request);
    const challenge = await service.update(companyCallerOf(request), id, request.body);
    return { success: true as const, challenge };
  });

  routes.post(api.decideChallenge.path, signedInLimited(app, api.decideChallenge, IdParamsSchema), async (request) => {
    const id = challengeIdOf(request);
    const challenge = await service.decide(companyCallerOf(request), id, request.body);
    return { success: true as const, challenge };
  });

  routes.post(api.closeChallenge.path, signedInLimited(app, api.closeChallenge, IdParamsSchema), async (request) => {
    const challenge = await service.close(companyCallerOf(request), challengeIdOf(request));
    return { success: true as const, challenge };
  });
}
