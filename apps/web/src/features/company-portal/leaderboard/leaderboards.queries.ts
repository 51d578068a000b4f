import { type LeaderboardBoard, type LeaderboardPeriod, leaderboardsEndpoints } from "@ideaport/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client.ts";

export const leaderboardKeys = {
  all: ["leaderboards"] as const,
  board: (board: LeaderboardBoard, period: LeaderboardPeriod) => [...leaderboardKeys.all, board, period] as const,
};

/**
 * `GET /api/leaderboards/?board=&period=`: the top of a board and the caller's own place. The
 * answer carries the board and period it is for, so a board still shown while the next one
 * loads keeps its own columns.
 */
export function leaderboardQueryOptions(board: LeaderboardBoard, period: LeaderboardPeriod) {
  return queryOptions({
    queryKey: leaderboardKeys.board(board, period),
    queryFn: async ({ signal }) => {
      const answer = await apiClient.call(leaderboardsEndpoints.leaderboard, undefined, {
        query: { board, period },
        signal,
      });
      return { board, period, entries: answer.entries, me: answer.me };
    },
  });
}

/** One board and period; the previous one stays on screen while the next loads. */
export const useLeaderboard = (board: LeaderboardBoard, period: LeaderboardPeriod) =>
  useQuery({ ...leaderboardQueryOptions(board, period), placeholderData: keepPreviousData });
