import {
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardQuerySchema,
} from "@ideaport/shared";
import type { z } from "zod";
import type { CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { presentEntry } from "./leaderboards.presenter.ts";
import { type BoardRow, selectPeopleBoard, selectTeamsBoard } from "./leaderboards.repository.ts";

export type LeaderboardsService = ReturnType<typeof createLeaderboardsService>;

/**
 * The first instant of the current period, in UTC (the company's time zone until a company
 * setting exists): Monday of the ISO week, the first day of the month, quarter or year; null for
 * all time.
 */
export function periodStart(period: LeaderboardPeriod, now: Date): Date | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (period) {
    case "week": {
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(year, month, now.getUTCDate() - sinceMonday));
    }
    case "month":
      return new Date(Date.UTC(year, month, 1));
    case "quarter":
      return new Date(Date.UTC(year, month - (month % 3), 1));
    case "year":
      return new Date(Date.UTC(year, 0, 1));
    case "all":
      return null;
  }
}

/** Boards of people (employees, managers) and teams over the points ledger. */
export function createLeaderboardsService({ db, clock }: ServiceDependencies) {
  return {
    /** The top LEADERBOARD_SIZE of a board and period, and the caller's own place (or their first team's). */
    async board(
      caller: CompanyCaller,
      query: z.output<typeof LeaderboardQuerySchema>,
    ): Promise<{ entries: LeaderboardEntry[]; me: { rank: number; points: number } | null }> {
      const common = {
        companyId: caller.companyId,
        since: periodStart(query.period, clock()),
        teamId: query.team ?? null,
        limit: LEADERBOARD_SIZE,
      };
      let rows: BoardRow[];
      let meId: string | null;
      if (query.board === "teams") {
        meId = caller.firstTeamId;
        rows = await selectTeamsBoard(db, { ...common, meId });
      } else {
        meId = caller.id;
        rows = await selectPeopleBoard(db, { ...common, meId, managers: query.board === "managers" });
      }
      const mine = meId ? rows.find((row) => row.id === meId) : undefined;
      return {
        // Rows come in board order; the caller's, when outside the top, is the one after it.
        entries: rows.slice(0, LEADERBOARD_SIZE).map(presentEntry),
        me: mine ? { rank: mine.rank, points: mine.points } : null,
      };
    },
  };
}
