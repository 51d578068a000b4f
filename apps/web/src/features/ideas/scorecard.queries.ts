import { evaluationEndpoints, type ScoreIdeaRequest } from "@ideaport/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useInvalidatingMutation } from "../../lib/queries.ts";
import { ideaKeys } from "./ideas.queries.ts";

/** An idea's scorecard lives under the idea's keys: whatever refreshes the idea refreshes it. */
export const scoreKeys = { scores: (ideaId: string) => [...ideaKeys.detail(ideaId), "scores"] as const };

/** `GET /api/project-ideas/:id/scores/`. */
export function useIdeaScores(ideaId: string) {
  return useQuery(
    queryOptions({
      queryKey: scoreKeys.scores(ideaId),
      queryFn: ({ signal }) =>
        apiClient.call(evaluationEndpoints.ideaScores, undefined, { params: { id: ideaId }, signal }),
    }),
  );
}

/**
 * `PUT /api/project-ideas/:id/scores/`: the scored idea (its detail and scorecard, which lives
 * under it) and the lists (their order and "not yet scored by me") are read again, and nothing
 * else: no other idea's detail changed, and a fast scorer stays within the client's 30 idea
 * requests a minute.
 */
export function useScoreIdea(ideaId: string) {
  return useInvalidatingMutation({
    mutationFn: (body: ScoreIdeaRequest) =>
      apiClient.call(evaluationEndpoints.scoreIdea, body, { params: { id: ideaId } }),
    invalidates: [ideaKeys.detail(ideaId), ideaKeys.lists()],
  });
}
