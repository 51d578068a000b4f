import { pointsEndpoints, type UpdatePointsRulesRequest } from "@ideaport/shared";
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client.ts";
import { keysetListOptions, useCachingMutation } from "../../../lib/queries.ts";

/** Entries of the points history per page. */
export const POINTS_HISTORY_PAGE_SIZE = 20;

export const pointsKeys = {
  all: ["points"] as const,
  mine: () => [...pointsKeys.all, "me"] as const,
  rules: () => [...pointsKeys.all, "rules"] as const,
};

/** `GET /api/points/me/`: the caller's balance and their history, newest first, one page per `next_cursor`. */
export function myPointsQueryOptions() {
  return keysetListOptions(pointsKeys.mine(), (cursor, signal) =>
    apiClient.call(pointsEndpoints.myPoints, undefined, {
      query: { cursor, limit: POINTS_HISTORY_PAGE_SIZE },
      signal,
    }),
  );
}

export const useMyPoints = () => useInfiniteQuery(myPointsQueryOptions());

/**
 * The caller's balance alone, from the same cache entry as the history (one request serves the
 * header and the points section). Off for people outside a company, who earn no points.
 */
export function useMyPointsBalance(enabled = true) {
  return useInfiniteQuery({
    ...myPointsQueryOptions(),
    enabled,
    select: (data) => data.pages[0]?.balance ?? 0,
  });
}

/** `GET /api/company/points-rules/`: what each kind of contribution earns. */
export function pointsRulesQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.rules(),
    queryFn: ({ signal }) => apiClient.call(pointsEndpoints.pointsRules, undefined, { signal }),
    select: (data) => data.rules,
  });
}

export const usePointsRules = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...pointsRulesQueryOptions(), enabled: options.enabled ?? true });

/** `PATCH /api/company/points-rules/` (admins): new events earn by the new rules. */
export const useUpdatePointsRules = () =>
  useCachingMutation(pointsKeys.rules(), (changes: UpdatePointsRulesRequest) =>
    apiClient.call(pointsEndpoints.updatePointsRules, changes),
  );
