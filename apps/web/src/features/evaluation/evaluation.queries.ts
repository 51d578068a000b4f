import { evaluationEndpoints, type UpdateCriteriaRequest } from "@ideaport/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useInvalidatingMutation } from "../../lib/queries.ts";
import { ideaKeys } from "../ideas/index.ts";

export const evaluationKeys = {
  all: ["evaluation"] as const,
  criteria: (challengeId: string | null) => [...evaluationKeys.all, "criteria", challengeId] as const,
  evaluators: (challengeId: string) => [...evaluationKeys.all, "evaluators", challengeId] as const,
  /** Under the evaluators: an invitation or a removal changes who is offered. */
  candidates: (challengeId: string, search: string) =>
    [...evaluationKeys.evaluators(challengeId), "candidates", search] as const,
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

/**
 * `GET /api/challenges/:id/evaluators/candidates/?q=`: the first 20 active colleagues not invited
 * yet whose name or e-mail contains `search` (the server searches; the picker shows what it finds).
 */
export function useEvaluatorCandidates(challengeId: string, search: string) {
  return useQuery(
    queryOptions({
      queryKey: evaluationKeys.candidates(challengeId, search),
      queryFn: ({ signal }) =>
        apiClient.call(evaluationEndpoints.evaluatorCandidates, undefined, {
          params: { id: challengeId },
          query: { q: search === "" ? undefined : search },
          signal,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
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
