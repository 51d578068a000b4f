import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { SuccessSchema } from "./common.ts";
import { TeamIdSchema } from "./request-fields.ts";

export const LEADERBOARD_BOARDS = ["employees", "managers", "teams"] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];
export const LEADERBOARD_PERIODS = ["week", "month", "quarter", "year", "all"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** Entries a board shows; the caller's own place comes beside them. */
export const LEADERBOARD_SIZE = 50;

const LEADERBOARD_MESSAGES = defineMessages({
  boardInvalid: {
    id: "shared.leaderboards.boardInvalid",
    defaultMessage: "The board must be employees, managers or teams.",
  },
  periodInvalid: {
    id: "shared.leaderboards.periodInvalid",
    defaultMessage: "The period must be week, month, quarter, year or all.",
  },
});

export const LeaderboardQuerySchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS, { message: schemaMessage(LEADERBOARD_MESSAGES.boardInvalid) }).default("employees"),
  period: z.enum(LEADERBOARD_PERIODS, { message: schemaMessage(LEADERBOARD_MESSAGES.periodInvalid) }).default("all"),
  team: TeamIdSchema.optional(),
});
export type LeaderboardQuery = z.input<typeof LeaderboardQuerySchema>;

export const LeaderboardEntrySchema = z.object({
  rank: z.number().int(),
  /** A person's id (employees, managers) or a team's (teams). */
  id: z.string(),
  name: z.string(),
  points: z.number().int(),
  /** A person's first team. */
  team_name: z.string().optional(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardResponseSchema = SuccessSchema.extend({
  entries: z.array(LeaderboardEntrySchema),
  /** The caller's place (their first team's on the teams board); null when not on the board. */
  me: z.object({ rank: z.number().int(), points: z.number().int() }).nullable(),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

/** Leaderboards of people and teams, summed from the points ledger. */
export const leaderboardsEndpoints = {
  leaderboard: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/leaderboards/",
    query: LeaderboardQuerySchema,
    response: LeaderboardResponseSchema,
  }),
} as const;
