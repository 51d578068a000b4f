import {
  type Challenge,
  type ChallengeDecisionRequest,
  type ChallengeScope,
  type ChallengeStatus,
  type CreateChallengeRequest,
  challengesEndpoints,
  type UpdateChallengeRequest,
} from "@ideaport/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { keysetListOptions, replaceInLoadedPages, useInvalidatingMutation } from "../../lib/queries.ts";

/** Page size of challenge lists. */
export const CHALLENGES_PAGE_SIZE = 12;

/** Filters of `GET /api/challenges/`; a filter left out lists every value the caller may see. */
export interface ChallengeFilters {
  /** Only the caller's own challenges and proposals. */
  mine?: boolean | undefined;
  scope?: ChallengeScope | undefined;
  status?: ChallengeStatus | undefined;
  team?: string | undefined;
}

export const challengeKeys = {
  all: ["challenges"] as const,
  lists: () => [...challengeKeys.all, "list"] as const,
  list: (filters: ChallengeFilters) =>
    [
      ...challengeKeys.lists(),
      { mine: filters.mine, scope: filters.scope, status: filters.status, team: filters.team },
    ] as const,
};

/** `GET /api/challenges/?scope=&status=&team=`, newest first, one page per `next_cursor`. */
export function challengesQueryOptions(filters: ChallengeFilters) {
  return keysetListOptions(challengeKeys.list(filters), (cursor, signal) =>
    apiClient.call(challengesEndpoints.listChallenges, undefined, {
      query: {
        mine: filters.mine ? "true" : undefined,
        scope: filters.scope,
        status: filters.status,
        team: filters.team,
        cursor,
        limit: CHALLENGES_PAGE_SIZE,
      },
      signal,
    }),
  );
}

export const useChallenges = (filters: ChallengeFilters) => useInfiniteQuery(challengesQueryOptions(filters));

/** The company challenges the caller proposed, whatever became of them. */
export const useMyProposals = () => useChallenges({ mine: true, scope: "company" });

/** Company challenges waiting for an admin's decision. */
export const useProposedChallenges = () => useChallenges({ scope: "company", status: "proposed" });

/** `POST /api/challenges/`: a team challenge goes live at once; a company one by a non-admin becomes a proposal. */
export function useCreateChallenge() {
  return useInvalidatingMutation({
    mutationFn: (input: CreateChallengeRequest) => apiClient.call(challengesEndpoints.createChallenge, input),
    invalidates: [challengeKeys.all],
  });
}

/**
 * A change to one challenge, answered with the challenge as it now is: it goes into every loaded
 * list at once; the lists then reload, since filters may no longer match.
 */
function useChallengeChange<TVariables>(mutationFn: (variables: TVariables) => Promise<{ challenge: Challenge }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ challenge }) => {
      replaceInLoadedPages(queryClient, challengeKeys.lists(), "challenges", challenge);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    },
  });
}

/** `PATCH /api/challenges/:id/`: text, dates and reward, by its creator or an admin. */
export const useUpdateChallenge = () =>
  useChallengeChange((input: { challengeId: string; changes: UpdateChallengeRequest }) =>
    apiClient.call(challengesEndpoints.updateChallenge, input.changes, { params: { id: input.challengeId } }),
  );

/** `POST /api/challenges/:id/decision/`: an admin approves or denies a proposed company challenge. */
export const useDecideChallenge = () =>
  useChallengeChange((input: { challengeId: string; decision: ChallengeDecisionRequest }) =>
    apiClient.call(challengesEndpoints.decideChallenge, input.decision, { params: { id: input.challengeId } }),
  );

/** `POST /api/challenges/:id/close/`: no more ideas are taken. */
export const useCloseChallenge = () =>
  useChallengeChange((challengeId: string) =>
    apiClient.call(challengesEndpoints.closeChallenge, undefined, { params: { id: challengeId } }),
  );
