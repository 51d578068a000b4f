import {
  type CreateRewardRequest,
  type Redemption,
  type RedemptionStatus,
  rewardsEndpoints,
  type UpdateRewardRequest,
} from "@ideaport/shared";
import {
  type InfiniteData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client.ts";
import { invalidateKeys, keysetListOptions, useInvalidatingMutation } from "../../../lib/queries.ts";
import { BALANCE_KEYS } from "./balance-keys.ts";

/** Page size of redemption lists. */
export const REDEMPTIONS_PAGE_SIZE = 20;

/** Filters of `GET /api/redemptions/`: one status, and only the caller's own (admins otherwise get everyone's). */
export interface RedemptionFilters {
  status?: RedemptionStatus | undefined;
  mine?: boolean | undefined;
}

export const rewardKeys = {
  all: ["rewards"] as const,
  list: () => [...rewardKeys.all, "list"] as const,
};

export const redemptionKeys = {
  all: ["redemptions"] as const,
  lists: () => [...redemptionKeys.all, "list"] as const,
  list: (filters: RedemptionFilters) =>
    [...redemptionKeys.lists(), { status: filters.status, mine: filters.mine ?? false }] as const,
};

/** `GET /api/rewards/`: the caller's balance and the catalogue (admins also get the archived rewards). */
export function rewardsQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.list(),
    queryFn: ({ signal }) => apiClient.call(rewardsEndpoints.listRewards, undefined, { signal }),
  });
}

export const useRewards = () => useQuery(rewardsQueryOptions());

/** `GET /api/redemptions/?status=&mine=`, newest first, one page per `next_cursor`. */
export function redemptionsQueryOptions(filters: RedemptionFilters) {
  return keysetListOptions(redemptionKeys.list(filters), (cursor, signal) =>
    apiClient.call(rewardsEndpoints.listRedemptions, undefined, {
      query: { status: filters.status, mine: filters.mine ? "true" : undefined, cursor, limit: REDEMPTIONS_PAGE_SIZE },
      signal,
    }),
  );
}

export const useRedemptions = (filters: RedemptionFilters) => useInfiniteQuery(redemptionsQueryOptions(filters));

/** The caller's own redemptions, whatever their role. */
export const useOwnRedemptions = () => useRedemptions({ mine: true });

/** `POST /api/rewards/`: an admin adds a reward. */
export const useCreateReward = () =>
  useInvalidatingMutation({
    mutationFn: (input: CreateRewardRequest) => apiClient.call(rewardsEndpoints.createReward, input),
    invalidates: [rewardKeys.all],
  });

/** `PATCH /api/rewards/:id/`: an admin edits, archives or restores a reward. */
export const useUpdateReward = () =>
  useInvalidatingMutation({
    mutationFn: (input: { rewardId: string; changes: UpdateRewardRequest }) =>
      apiClient.call(rewardsEndpoints.updateReward, input.changes, { params: { id: input.rewardId } }),
    invalidates: [rewardKeys.all],
  });

/** `POST /api/rewards/:id/redeem/`: spends the reward's cost; balance, boards, stock and lists refresh. */
export const useRedeemReward = () =>
  useInvalidatingMutation({
    mutationFn: (rewardId: string) =>
      apiClient.call(rewardsEndpoints.redeemReward, undefined, { params: { id: rewardId } }),
    invalidates: BALANCE_KEYS,
  });

type RedemptionPages = InfiniteData<{ redemptions: Redemption[] }>;

/**
 * Puts a decided redemption into every loaded list at once (it leaves the lists of another status,
 * so a handled request moves out of the waiting ones); the lists then reload.
 */
function useRedemptionDecided() {
  const queryClient = useQueryClient();
  return (redemption: Redemption) => {
    for (const [queryKey] of queryClient.getQueriesData<RedemptionPages>({ queryKey: redemptionKeys.lists() })) {
      const filters = queryKey[2] as RedemptionFilters | undefined;
      queryClient.setQueryData<RedemptionPages>(
        queryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              redemptions: page.redemptions.flatMap((entry) => {
                if (entry.id !== redemption.id) return [entry];
                return filters?.status === undefined || filters.status === redemption.status ? [redemption] : [];
              }),
            })),
          },
      );
    }
  };
}

/** `POST /api/redemptions/:id/fulfil/`: an admin hands the reward over; its person is told. */
export function useFulfilRedemption() {
  const queryClient = useQueryClient();
  const decided = useRedemptionDecided();
  return useMutation({
    mutationFn: (redemptionId: string) =>
      apiClient.call(rewardsEndpoints.fulfilRedemption, undefined, { params: { id: redemptionId } }),
    onSuccess: ({ redemption }) => {
      decided(redemption);
      return queryClient.invalidateQueries({ queryKey: redemptionKeys.all });
    },
  });
}

/**
 * `POST /api/redemptions/:id/cancel/`: an admin cancels, saying why; the points go back to the
 * person and the item to stock.
 */
export function useCancelRedemption() {
  const queryClient = useQueryClient();
  const decided = useRedemptionDecided();
  return useMutation({
    mutationFn: ({ redemptionId, reason }: { redemptionId: string; reason: string }) =>
      apiClient.call(rewardsEndpoints.cancelRedemption, { reason }, { params: { id: redemptionId } }),
    onSuccess: ({ redemption }) => {
      decided(redemption);
      return invalidateKeys(queryClient, BALANCE_KEYS);
    },
  });
}
