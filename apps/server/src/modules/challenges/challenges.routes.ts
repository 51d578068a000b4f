import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { endpointSchema, withParams } from "../../core/route-schema.ts";
import { createChallengesService } from "./challenges.service.ts";

/** Challenges: list, create (post or propose), decide on proposals, edit, close. */
export async function challengesRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createChallengesService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(api.listChallenges.path, { ...signedIn, schema: endpointSchema(api.listChallenges) }, async (request) => {
    const page = await service.list(inCompany(callerOf(request)), request.query);
    return { success: true as const, challenges: page.challenges, next_cursor: page.nextCursor };
  });

  routes.post(
    api.createChallenge.path,
    { ...signedIn, schema: endpointSchema(api.createChallenge), config: app.limitTo(api.createChallenge) },
    async (request) => {
      const challenge = await service.create(inCompany(callerOf(request)), request.body);
      return { success: true as const, challenge };
    },
  );

  routes.get(
    api.getChallenge.path,
    { ...signedIn, schema: withParams(endpointSchema(api.getChallenge), IdParamsSchema) },
    async (request) => {
      const challenge = await service.get(
        inCompany(callerOf(request)),
        pathId(request.params.id, "challenge.not_found"),
      );
      return { success: true as const, challenge };
    },
  );

  routes.patch(
    api.updateChallenge.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.updateChallenge), IdParamsSchema),
      config: app.limitTo(api.updateChallenge),
    },
    async (request) => {
      const id = pathId(request.params.id, "challenge.not_found");
      const challenge = await service.update(inCompany(callerOf(request)), id, request.body);
      return { success: true as const, challenge };
    },
  );

  routes.post(
    api.decideChallenge.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.decideChallenge), IdParamsSchema),
      config: app.limitTo(api.decideChallenge),
    },
    async (request) => {
      const id = pathId(request.params.id, "challenge.not_found");
      const challenge = await service.decide(inCompany(callerOf(request)), id, request.body);
      return { success: true as const, challenge };
    },
  );

  routes.post(
    api.closeChallenge.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(api.closeChallenge), IdParamsSchema),
      config: app.limitTo(api.closeChallenge),
    },
    async (request) => {
      const challenge = await service.close(
        inCompany(callerOf(request)),
        pathId(request.params.id, "challenge.not_found"),
      );
      return { success: true as const, challenge };
    },
  );
}
