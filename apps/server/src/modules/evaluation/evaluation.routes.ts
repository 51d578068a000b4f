import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createEvaluationService } from "./evaluation.service.ts";

const EvaluatorParams = z.object({ id: z.string().max(100), userId: z.string().max(100) });

/** Scorecards: evaluation criteria, scores on ideas under review, and a challenge's invited evaluators. */
export async function evaluationRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createEvaluationService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ideaIdOf = pathIdReader("id", "idea.not_found");
  const challengeIdOf = pathIdReader("id", "challenge.not_found");
  const userIdOf = pathIdReader("userId", "user.not_found");

  routes.get(api.evaluationCriteria.path, signedInRead(app, api.evaluationCriteria), async (request) =>
    service.criteria(companyCallerOf(request), request.query.challenge),
  );

  routes.put(api.updateEvaluationCriteria.path, signedInLimited(app, api.updateEvaluationCriteria), async (request) =>
    service.updateCriteria(companyCallerOf(request), request.query.challenge, request.body),
  );

  routes.get(api.ideaScores.path, signedInRead(app, api.ideaScores, IdParamsSchema), async (request) =>
    service.scores(companyCallerOf(request), ideaIdOf(request)),
  );

  routes.put(api.scoreIdea.path, signedInLimited(app, api.scoreIdea, IdParamsSchema), async (request) =>
    service.score(companyCallerOf(request), ideaIdOf(request), request.body),
  );

  routes.get(
    api.challengeEvaluators.path,
    signedInRead(app, api.challengeEvaluators, IdParamsSchema),
    async (request) => service.evaluators(companyCallerOf(request), challengeIdOf(request)),
  );

  routes.get(
    api.evaluatorCandidates.path,
    // A search as a name is typed: rate-limited like one.
    signedInLimited(app, api.evaluatorCandidates, IdParamsSchema),
    async (request) =>
      pageAnswer(await service.candidates(companyCallerOf(request), challengeIdOf(request), request.query)),
  );

  routes.post(api.inviteEvaluator.path, signedInLimited(app, api.inviteEvaluator, IdParamsSchema), async (request) =>
    service.invite(companyCallerOf(request), challengeIdOf(request), request.body.user_id),
  );

  routes.delete(api.removeEvaluator.path, signedInLimited(app, api.removeEvaluator, EvaluatorParams), async (request) =>
    service.remove(companyCallerOf(request), challengeIdOf(request), userIdOf(request)),
  );
}
