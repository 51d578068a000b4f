import { IdParamsSchema, ideasApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { withParams } from "../companies/tenancy.ts";
import { type IdeasModuleOptions, pathId } from "../ideas/route-helpers.ts";
import { viewerOf } from "../ideas/viewer.ts";
import { createChallengesService } from "./challenges.service.ts";

/** Challenges: list, create (post or propose), decide on proposals, edit, close. */
export async function challengesRoutes(app: FastifyInstance, options: IdeasModuleOptions) {
  const service = createChallengesService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(
    ideasApi.listChallenges.path,
    { ...signedIn, schema: endpointSchema(ideasApi.listChallenges) },
    async (request) => {
      const page = await service.list(viewerOf(principalOf(request)), request.query);
      return { success: true as const, challenges: page.challenges, next_cursor: page.nextCursor };
    },
  );

  routes.post(
    ideasApi.createChallenge.path,
    { ...signedIn, schema: endpointSchema(ideasApi.createChallenge), config: app.limitTo(ideasApi.createChallenge) },
    async (request) => {
      const challenge = await service.create(viewerOf(principalOf(request)), request.body);
      return { success: true as const, challenge };
    },
  );

  routes.get(
    ideasApi.getChallenge.path,
    { ...signedIn, schema: withParams(endpointSchema(ideasApi.getChallenge), IdParamsSchema) },
    async (request) => {
      const challenge = await service.get(
        viewerOf(principalOf(request)),
        pathId(request.params, "challenge.not_found"),
      );
      return { success: true as const, challenge };
    },
  );

  routes.patch(
    ideasApi.updateChallenge.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(ideasApi.updateChallenge), IdParamsSchema),
      config: app.limitTo(ideasApi.updateChallenge),
    },
    async (request) => {
      const id = pathId(request.params, "challenge.not_found");
      const challenge = await service.update(viewerOf(principalOf(request)), id, request.body);
      return { success: true as const, challenge };
    },
  );

  routes.post(
    ideasApi.decideChallenge.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(ideasApi.decideChallenge), IdParamsSchema),
      config: app.limitTo(ideasApi.decideChallenge),
    },
    async (request) => {
      const id = pathId(request.params, "challenge.not_found");
      const challenge = await service.decide(viewerOf(principalOf(request)), id, request.body);
      return { success: true as const, challenge };
    },
  );

  routes.post(
    ideasApi.closeChallenge.path,
    {
      ...signedIn,
      schema: withParams(endpointSchema(ideasApi.closeChallenge), IdParamsSchema),
      config: app.limitTo(ideasApi.closeChallenge),
    },
    async (request) => {
      const challenge = await service.close(
        viewerOf(principalOf(request)),
        pathId(request.params, "challenge.not_found"),
      );
      return { success: true as const, challenge };
    },
  );
}
