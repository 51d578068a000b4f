import { evaluationEndpoints, type UpdateCriteriaRequest } from "@ideaport/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useInvalidatingMutation } from "../../lib/queries.ts";
import { ideaKeys } from "../ideas/index.ts";

export const evaluationKeys = {
  all: ["evaluation"] as const,
  criteria: (challengeId: string | null) => [...evaluationKeys.all, "criteria", challengeId] as const,
  evaluators: (challengeId: string) => [...evaluationKeys.all, "evaluators", challengeId] as const,
};

/** `GET /api/evaluation/criteria/?challenge=`: the company's set, or a challenge's (admins). */
export function useCriteria(challengeId: string | null = null) {
  return useQuery(
    queryOptions({
      queryKey: evaluationKeys.criteria(challengeId),
      queryFn: ({ signal }) =>
        apiClient.call(evaluationEndpoints.evaluationCriteria, undefined, {
          query: { challenge: challengeId ?? undefined },
          signal,
        }),
    }),
  );
}

/** `PUT /api/evaluation/criteria/`: every idea's score follows, so scores and lists are read again. */
export function useUpdateCriteria(challengeId: string | null = null) {
  return useInvalidatingMutation({
    mutationFn: (body: UpdateCriteriaRequest) =>
      apiClient.call(evaluationEndpoints.updateEvaluationCriteria, body, {
        query: { challenge: challengeId ?? undefined },
      }),
    invalidates: [evaluationKeys.all, ideaKeys.all],
  });
}

/** `GET /api/challenges/:id/evaluators/` (admins, the challenge's creator). */
export function useChallengeEvaluators(challengeId: string) {
  return useQuery(
    queryOptions({
      queryKey: evaluationKeys.evaluators(challengeId),
      queryFn: ({ signal }) =>
        apiClient.call(evaluationEndpoints.challengeEvaluators, undefined, { params: { id: challengeId }, signal }),
    }),
  );
}

/** Invites a colleague to evaluate the challenge, or takes one off. */
export function useChangeEvaluators(challengeId: string) {
  return useInvalidatingMutation({
    mutationFn: (change: { invite: string } | { remove: string }) =>
      "invite" in change
        ? apiClient.call(
            evaluationEndpoints.inviteEvaluator,
            { user_id: change.invite },
            { params: { id: challengeId } },
          )
        : apiClient.call(evaluationEndpoints.removeEvaluator, undefined, {
            params: { id: challengeId, userId: change.remove },
          }),
    invalidates: [evaluationKeys.evaluators(challengeId)],
  });
}
