import {
  type Challenge,
  type ChallengeDecisionRequest,
  type ChallengeScope,
  type ChallengeStatus,
  type CreateChallengeRequest,
  challengesEndpoints,
  type UpdateChallengeRequest,
} from "@ideaport/shared";
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

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
  return infiniteQueryOptions({
    queryKey: challengeKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      apiClient.call(challengesEndpoints.listChallenges, undefined, {
        query: {
          mine: filters.mine ? "true" : undefined,
          scope: filters.scope,
          status: filters.status,
          team: filters.team,
          cursor: pageParam,
          limit: CHALLENGES_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export const useChallenges = (filters: ChallengeFilters) => useInfiniteQuery(challengesQueryOptions(filters));

/** The company challenges the caller proposed, whatever became of them. */
export const useMyProposals = () => useChallenges({ mine: true, scope: "company" });

/** Company challenges waiting for an admin's decision. */
export const useProposedChallenges = () => useChallenges({ scope: "company", status: "proposed" });

type ChallengePages = InfiniteData<{ challenges: Challenge[] }>;

/** Puts the changed challenge into every loaded list at once; the lists then reload, since filters may no longer match. */
function useChallengeChanged() {
  const queryClient = useQueryClient();
  return (challenge: Challenge) => {
    queryClient.setQueriesData<ChallengePages>(
      { queryKey: challengeKeys.lists() },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            challenges: page.challenges.map((entry) => (entry.id === challenge.id ? challenge : entry)),
          })),
        },
    );
    void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
  };
}

/** `POST /api/challenges/`: a team challenge goes live at once; a company one by a non-admin becomes a proposal. */
export function useCreateChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChallengeRequest) => apiClient.call(challengesEndpoints.createChallenge, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}

/** `PATCH /api/challenges/:id/`: text, dates and reward, by its creator or an admin. */
export function useUpdateChallenge() {
  const changed = useChallengeChanged();
  return useMutation({
    mutationFn: (input: { challengeId: string; changes: UpdateChallengeRequest }) =>
      apiClient.call(challengesEndpoints.updateChallenge, input.changes, { params: { id: input.challengeId } }),
    onSuccess: ({ challenge }) => changed(challenge),
  });
}

/** `POST /api/challenges/:id/decision/`: an admin approves or denies a proposed company challenge. */
export function useDecideChallenge() {
  const changed = useChallengeChanged();
  return useMutation({
    mutationFn: (input: { challengeId: string; decision: ChallengeDecisionRequest }) =>
      apiClient.call(challengesEndpoints.decideChallenge, input.decision, { params: { id: input.challengeId } }),
    onSuccess: ({ challenge }) => changed(challenge),
  });
}

/** `POST /api/challenges/:id/close/`: no more ideas are taken. */
export function useCloseChallenge() {
  const changed = useChallengeChanged();
  return useMutation({
    mutationFn: (challengeId: string) =>
      apiClient.call(challengesEndpoints.closeChallenge, undefined, { params: { id: challengeId } }),
    onSuccess: ({ challenge }) => changed(challenge),
  });
}
