import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { endpointSchema, signedInChange, signedInRead, withParams } from "../../core/route-schema.ts";
import { createIdeasService } from "./ideas.service.ts";

/** Project ideas: list, similar, create, read, edit, delete drafts, lifecycle steps, comments and votes. */
export async function ideasRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createIdeasService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };
  const withId = <S extends object>(schema: S) => withParams(schema, IdParamsSchema);

  routes.get(api.listIdeas.path, signedInRead(app, api.listIdeas), async (request) => {
    const page = await service.list(inCompany(callerOf(request)), request.query);
    return { success: true as const, ideas: page.ideas, next_cursor: page.nextCursor };
  });

  routes.get(api.countIdeas.path, signedInRead(app, api.countIdeas), async (request) => {
    const counts = await service.counts(inCompany(callerOf(request)), request.query);
    return { success: true as const, counts };
  });

  routes.get(api.similarIdeas.path, signedInChange(app, api.similarIdeas), async (request) => {
    const ideas = await service.similar(inCompany(callerOf(request)), request.query);
    return { success: true as const, ideas };
  });

  routes.post(api.createIdea.path, signedInChange(app, api.createIdea), async (request) => {
    const idea = await service.create(inCompany(callerOf(request)), request.body);
    return { success: true as const, idea };
  });

  routes.get(api.getIdea.path, { ...signedIn, schema: withId(endpointSchema(api.getIdea)) }, async (request) => {
    const idea = await service.get(inCompany(callerOf(request)), pathId(request.params.id, "idea.not_found"));
    return { success: true as const, idea };
  });

  routes.patch(
    api.updateIdea.path,
    { ...signedIn, schema: withId(endpointSchema(api.updateIdea)), config: app.limitTo(api.updateIdea) },
    async (request) => {
      const id = pathId(request.params.id, "idea.not_found");
      const idea = await service.update(inCompany(callerOf(request)), id, request.body);
      return { success: true as const, idea };
    },
  );

  routes.delete(
    api.deleteIdea.path,
    { ...signedIn, schema: withId(endpointSchema(api.deleteIdea)), config: app.limitTo(api.deleteIdea) },
    async (request) => {
      await service.remove(inCompany(callerOf(request)), pathId(request.params.id, "idea.not_found"));
      return { success: true as const };
    },
  );

  routes.post(
    api.transitionIdea.path,
    {
      ...signedIn,
      schema: withId(endpointSchema(api.transitionIdea)),
      config: app.limitTo(api.transitionIdea),
    },
    async (request) => {
      const id = pathId(request.params.id, "idea.not_found");
      const idea = await service.transition(inCompany(callerOf(request)), id, request.body);
      return { success: true as const, idea };
    },
  );

  routes.post(
    api.commentOnIdea.path,
    {
      ...signedIn,
      schema: withId(endpointSchema(api.commentOnIdea)),
      config: app.limitTo(api.commentOnIdea),
    },
    async (request) => {
      const id = pathId(request.params.id, "idea.not_found");
      const comment = await service.comment(inCompany(callerOf(request)), id, request.body);
      return { success: true as const, comment };
    },
  );

  routes.post(
    api.voteForIdea.path,
    { ...signedIn, schema: withId(endpointSchema(api.voteForIdea)), config: app.limitTo(api.voteForIdea) },
    async (request) => {
      const result = await service.vote(inCompany(callerOf(request)), pathId(request.params.id, "idea.not_found"));
      return { success: true as const, votes: result.votes, has_voted: result.hasVoted };
    },
  );

  routes.delete(
    api.removeVote.path,
    { ...signedIn, schema: withId(endpointSchema(api.removeVote)), config: app.limitTo(api.removeVote) },
    async (request) => {
      const result = await service.unvote(inCompany(callerOf(request)), pathId(request.params.id, "idea.not_found"));
      return { success: true as const, votes: result.votes, has_voted: result.hasVoted };
    },
  );
}
