/** Challenges: company-wide or team questions that ideas answer. */
import type { ChallengeScope, ChallengeStatus } from "@ideaport/shared";
import { CHALLENGE_SCOPES, CHALLENGE_STATUSES } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { descending, instant, isOneOf, ofSameCompany, timestamps } from "./columns.ts";
import { companyKeys, teams, users } from "./companies.ts";

export const challenges = pgTable(
  "challenges",
  {
    ...companyKeys(),
    /** Set for team challenges; company challenges have none. */
    teamId: uuid("team_id"),
    scope: text("scope").$type<ChallengeScope>().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").$type<ChallengeStatus>().notNull().default("draft"),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    rewardPoints: integer("reward_points"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    /** The admin who approved or rejected a proposed company challenge. */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    /** The admin's reason for the decision on a proposal, for the proposer. */
    decisionNote: text("decision_note"),
    ...timestamps(),
  },
  (table) => [
    index("challenges_company_scope_status_created_idx").on(
      table.companyId,
      table.scope,
      table.status,
      descending(table.createdAt),
    ),
    index("challenges_team_status_idx").on(table.teamId, table.status),
    unique("challenges_id_company_unique").on(table.id, table.companyId),
    ofSameCompany("challenges_team_fk", table.teamId, table.companyId, teams),
    check("challenges_scope_check", isOneOf(table.scope, CHALLENGE_SCOPES)),
    check("challenges_status_check", isOneOf(table.status, CHALLENGE_STATUSES)),
    check("challenges_team_scope_has_team", sql`${table.scope} <> 'team' or ${table.teamId} is not null`),
    check(
      "challenges_ends_after_start",
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} >= ${table.startsAt}`,
    ),
    check("challenges_reward_points_check", sql`${table.rewardPoints} is null or ${table.rewardPoints} >= 0`),
  ],
);

export type ChallengeRow = typeof challenges.$inferSelect;
