import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { idempotent, signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createIdeasService } from "./ideas.service.ts";

/** Project ideas: list, similar, create, read, edit, delete drafts, lifecycle steps, comments and votes. */
export async function ideasRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createIdeasService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ideaIdOf = pathIdReader("id", "idea.not_found");

  routes.get(api.listIdeas.path, signedInRead(app, api.listIdeas), async (request) =>
    pageAnswer(await service.list(companyCallerOf(request), request.query)),
  );

  routes.get(api.countIdeas.path, signedInRead(app, api.countIdeas), async (request) => {
    const counts = await service.counts(companyCallerOf(request), request.query);
    return { success: true as const, counts };
  });

  routes.get(api.similarIdeas.path, signedInLimited(app, api.similarIdeas), async (request) => {
    const ideas = await service.similar(companyCallerOf(request), request.query);
    return { success: true as const, ideas };
  });

  // The brain dump, comments and votes may be sent again by a device that was offline: each honours
  // the Idempotency-Key header (modules/idempotency), so a repeat answers the first answer.
  routes.post(api.createIdea.path, idempotent(app, signedInLimited(app, api.createIdea)), async (request) => {
    const idea = await service.create(companyCallerOf(request), request.body);
    return { success: true as const, idea };
  });

  routes.get(api.getIdea.path, signedInRead(app, api.getIdea, IdParamsSchema), async (request) => {
    const idea = await service.get(companyCallerOf(request), ideaIdOf(request));
    return { success: true as const, idea };
  });

  routes.patch(api.updateIdea.path, signedInLimited(app, api.updateIdea, IdParamsSchema), async (request) => {
    const id = ideaIdOf(request);
    const idea = await service.update(companyCallerOf(request), id, request.body);
    return { success: true as const, idea };
  });

  routes.delete(api.deleteIdea.path, signedInLimited(app, api.deleteIdea, IdParamsSchema), async (request) => {
    await service.remove(companyCallerOf(request), ideaIdOf(request));
    return { success: true as const };
  });

  routes.post(api.transitionIdea.path, signedInLimited(app, api.transitionIdea, IdParamsSchema), async (request) => {
    const id = ideaIdOf(request);
    const idea = await service.transition(companyCallerOf(request), id, request.body);
    return { success: true as const, idea };
  });

  routes.post(api.mergeIdea.path, signedInLimited(app, api.mergeIdea, IdParamsSchema), async (request) => {
    const idea = await service.merge(companyCallerOf(request), ideaIdOf(request), request.body);
    return { success: true as const, idea };
  });

  routes.get(
    api.possibleDuplicates.path,
    signedInLimited(app, api.possibleDuplicates, IdParamsSchema),
    async (request) => {
      const duplicates = await service.possibleDuplicates(companyCallerOf(request), ideaIdOf(request));
      return { success: true as const, duplicates };
    },
  );

  const commentOptions = idempotent(app, signedInLimited(app, api.commentOnIdea, IdParamsSchema));
  routes.post(api.commentOnIdea.path, commentOptions, async (request) => {
    const id = ideaIdOf(request);
    const comment = await service.comment(companyCallerOf(request), id, request.body);
    return { success: true as const, comment };
  });

  routes.post(
    api.voteForIdea.path,
    idempotent(app, signedInLimited(app, api.voteForIdea, IdParamsSchema)),
    async (request) => {
      const result = await service.vote(companyCallerOf(request), ideaIdOf(request));
      return { success: true as const, votes: result.votes, has_voted: result.hasVoted };
    },
  );

  routes.delete(api.removeVote.path, signedInLimited(app, api.removeVote, IdParamsSchema), async (request) => {
    const result = await service.unvote(companyCallerOf(request), ideaIdOf(request));
    return { success: true as const, votes: result.votes, has_voted: result.hasVoted };
  });
}
