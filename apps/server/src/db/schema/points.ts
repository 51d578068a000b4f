/** The points ledger and the leaderboards' running totals. */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, isOneOf, ofSameCompany } from "./columns.ts";
import { companyKeys, ownerId, teams } from "./companies.ts";

/** Why points moved. Open set (no CHECK): the keys of the points rules plus bookkeeping reasons. */
export type PointReason =
  | "submit"
  | "approved"
  | "comment"
  | "challenge_answer"
  | "merged_contributor"
  | "reward_redemption"
  | "reward_refund"
  | "adjustment";

/**
 * The spans of the leaderboards' running totals (point_totals): a UTC calendar month, a UTC
 * calendar year, and all time.
 */
export const POINT_TOTAL_SPANS = ["month", "year", "all"] as const;

export type PointTotalSpan = (typeof POINT_TOTAL_SPANS)[number];

/**
 * Append-only points ledger: balances and leaderboards are sums over it. `team_id` is the team
 * at the time of the award, for team leaderboards.
 */
export const pointLedger = pgTable(
  "point_ledger",
  {
    ...companyKeys(),
    userId: ownerId(),
    teamId: uuid("team_id"),
    delta: integer("delta").notNull(),
    reason: text("reason").$type<PointReason>().notNull(),
    /** What earned or spent the points: "idea", "comment", "reward_redemption"... */
    referenceType: text("reference_type"),
    referenceId: uuid("reference_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("point_ledger_user_idx").on(table.userId, table.createdAt),
    // The leaderboards: earned points (spending and refunds move no board) of a company since a
    // period's start, summed by person or team from the index alone. It replaced the narrower
    // (company_id, created_at) index, which the planner preferred and then read the table through.
    index("point_ledger_earned_idx")
      .on(table.companyId, table.createdAt, table.userId, table.teamId, table.delta)
      .where(sql`${table.reason} not in ('reward_redemption', 'reward_refund')`),
    // Whether a team has points: removing a team asks it (archive or delete), and so does the team
    // foreign key when a team row is deleted. Spending rows carry no team.
    index("point_ledger_team_idx").on(table.teamId, table.companyId).where(sql`${table.teamId} is not null`),
    // The same event never pays twice (e.g. an idea re-submitted after revision).
    uniqueIndex("point_ledger_award_once_unique")
      .on(table.userId, table.reason, table.referenceType, table.referenceId)
      .where(sql`${table.referenceId} is not null`),
    ofSameCompany("point_ledger_team_fk", table.teamId, table.companyId, teams),
    check("point_ledger_delta_check", sql`${table.delta} <> 0`),
  ],
);

/**
 * Running totals of earned points (the rows the leaderboards count) per person and team: one row
 * per (company, span, start, person, team the points were earned in), so a board of a month, a
 * year or all time sums one row per person instead of the whole ledger. Derived from the ledger
 * only: the point_ledger_totals trigger adds each inserted ledger row to its month, its year and
 * all time in the inserting statement's transaction, and the migration that made it backfilled
 * it from the ledger; nothing else writes here. `starts_on` is the span's first UTC day
 * (`-infinity` for all time). The earned condition is the one of point_ledger_earned_idx.
 */
export const pointTotals = pgTable(
  "point_totals",
  {
    ...companyKeys(),
    userId: ownerId(),
    teamId: uuid("team_id"),
    span: text("span").$type<PointTotalSpan>().notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    points: integer("points").notNull(),
  },
  (table) => [
    // A board reads one span and start of a company; the trigger adds to a row by this key.
    unique("point_totals_bucket_unique")
      .on(table.companyId, table.span, table.startsOn, table.userId, table.teamId)
      .nullsNotDistinct(),
    // The boards: a span's rows of a company summed by person or team from the index alone.
    index("point_totals_board_idx").on(
      table.companyId,
      table.span,
      table.startsOn,
      table.userId,
      table.teamId,
      table.points,
    ),
    // The team foreign key's check when a team row is deleted.
    index("point_totals_team_idx").on(table.teamId, table.companyId).where(sql`${table.teamId} is not null`),
    check("point_totals_span_check", isOneOf(table.span, POINT_TOTAL_SPANS)),
    ofSameCompany("point_totals_team_fk", table.teamId, table.companyId, teams),
  ],
);

export type PointLedgerRow = typeof pointLedger.$inferSelect;
