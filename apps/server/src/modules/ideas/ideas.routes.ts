import { IdParamsSchema, ideasApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { withParams } from "../companies/tenancy.ts";
import { createIdeasService } from "./ideas.service.ts";
import { type IdeasModuleOptions, pathId } from "./route-helpers.ts";
import { viewerOf } from "./viewer.ts";

/** Project ideas: list, similar, create, read, edit, lifecycle steps, comments and votes. */
export async function ideasRoutes(app: FastifyInstance, options: IdeasModuleOptions) {
  const service = createIdeasService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };
  const withId = <S extends object>(schema: S) => withParams(schema, IdParamsSchema);

  routes.get(ideasApi.listIdeas.path, { ...signedIn, schema: endpointSchema(ideasApi.listIdeas) }, async (request) => {
    const page = await service.list(viewerOf(principalOf(request)), request.query);
    return { success: true as const, ideas: page.ideas, next_cursor: page.nextCursor };
  });

  routes.get(
    ideasApi.similarIdeas.path,
    { ...signedIn, schema: endpointSchema(ideasApi.similarIdeas), config: app.limitTo(ideasApi.similarIdeas) },
    async (request) => {
      const ideas = await service.similar(viewerOf(principalOf(request)), request.query);
      return { success: true as const, ideas };
    },
  );

  routes.post(
    ideasApi.createIdea.path,
    { ...signedIn, schema: endpointSchema(ideasApi.createIdea), config: app.limitTo(ideasApi.createIdea) },
    async (request) => {
      const idea = await service.create(viewerOf(principalOf(request)), request.body);
      return { success: true as const, idea };
    },
  );

  routes.get(
    ideasApi.getIdea.path,
    { ...signedIn, schema: withId(endpointSchema(ideasApi.getIdea)) },
    async (request) => {
      const idea = await service.get(viewerOf(principalOf(request)), pathId(request.params, "idea.not_found"));
      return { success: true as const, idea };
    },
  );

  routes.patch(
    ideasApi.updateIdea.path,
    { ...signedIn, schema: withId(endpointSchema(ideasApi.updateIdea)), config: app.limitTo(ideasApi.updateIdea) },
    async (request) => {
      const id = pathId(request.params, "idea.not_found");
      const idea = await service.update(viewerOf(principalOf(request)), id, request.body);
      return { success: true as const, idea };
    },
  );

  routes.post(
    ideasApi.transitionIdea.path,
    {
      ...signedIn,
      schema: withId(endpointSchema(ideasApi.transitionIdea)),
      config: app.limitTo(ideasApi.transitionIdea),
    },
    async (request) => {
      const id = pathId(request.params, "idea.not_found");
      const idea = await service.transition(viewerOf(principalOf(request)), id, request.body);
      return { success: true as const, idea };
    },
  );

  routes.post(
    ideasApi.commentOnIdea.path,
    {
      ...signedIn,
      schema: withId(endpointSchema(ideasApi.commentOnIdea)),
      config: app.limitTo(ideasApi.commentOnIdea),
    },
    async (request) => {
      const id = pathId(request.params, "idea.not_found");
      const comment = await service.comment(viewerOf(principalOf(request)), id, request.body);
      return { success: true as const, comment };
    },
  );

  routes.post(
    ideasApi.voteForIdea.path,
    { ...signedIn, schema: withId(endpointSchema(ideasApi.voteForIdea)), config: app.limitTo(ideasApi.voteForIdea) },
    async (request) => {
      const result = await service.vote(viewerOf(principalOf(request)), pathId(request.params, "idea.not_found"));
      return { success: true as const, votes: result.votes, has_voted: result.hasVoted };
    },
  );

  routes.delete(
    ideasApi.removeVote.path,
    { ...signedIn, schema: withId(endpointSchema(ideasApi.removeVote)), config: app.limitTo(ideasApi.removeVote) },
    async (request) => {
      const result = await service.unvote(viewerOf(principalOf(request)), pathId(request.params, "idea.not_found"));
      return { success: true as const, votes: result.votes, has_voted: result.hasVoted };
    },
  );
}
