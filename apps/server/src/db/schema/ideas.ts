/** Project ideas, their status history and revisions, comments and votes. */
import type { ChecklistVerdict, IdeaStatus } from "@ideaport/shared";
import { IDEA_STATUSES, SCORING_STATUSES } from "@ideaport/shared";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { challenges } from "./challenges.ts";
import { createdAt, descending, instant, isOneOf, ofSameCompany, timestamps } from "./columns.ts";
import { companyKeys, ownerId, teams, users } from "./companies.ts";

/** Statuses in which an idea waits for a reviewer (needs_revision waits for its author). */
export const IDEA_STATUSES_WAITING_FOR_REVIEW = [
  "submitted",
  "under_review",
  "revision_submitted",
  "pending_review",
] as const satisfies readonly IdeaStatus[];

/**
 * `status in ('submitted', …)` for the statuses waiting for a reviewer, written out as literals:
 * the predicate of ideas_waiting_idx, which a query must repeat for the planner to use the index.
 */
export function ideasWaitingForReview(status: SQL | AnyPgColumn): SQL {
  return sql`${status} in (${sql.raw(IDEA_STATUSES_WAITING_FOR_REVIEW.map((value) => `'${value}'`).join(", "))})`;
}

/** `status in (…)` of the statuses an idea is scored in (under review), as literals (our own constants). */
export function ideasInScoringStatus(status: SQL | AnyPgColumn): SQL {
  return sql`${status} in (${sql.raw(SCORING_STATUSES.map((value) => `'${value}'`).join(", "))})`;
}

/** A project idea. Status changes are recorded in idea_events, edits in idea_revisions. */
export const ideas = pgTable(
  "ideas",
  {
    ...companyKeys(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    /** The author's team when the idea was written; its manager reviews it. */
    teamId: uuid("team_id"),
    challengeId: uuid("challenge_id"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").$type<IdeaStatus>().notNull().default("draft"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Denormalised counters, kept in the same transaction as the vote or comment. */
    voteCount: integer("vote_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    submittedAt: instant("submitted_at"),
    /**
     * Kept by the database from the idea's status history (the idea_events_times trigger): its
     * first reviewer's step, its decision, and its latest status change.
     */
    firstReviewedAt: instant("first_reviewed_at"),
    decidedAt: instant("decided_at"),
    lastEventAt: instant("last_event_at"),
    /**
     * Scorecards, kept in the transaction that changes a score or the criteria: the weighted
     * score (1 to 5; null until someone scored), how many evaluators scored, and whether two of
     * them are two or more points apart on a criterion.
     */
    score: numeric("score", { precision: 5, scale: 4 }),
    scoreCount: integer("score_count").notNull().default(0),
    scoreDisagreement: boolean("score_disagreement").notNull().default(false),
    /** A merged idea: the idea of the same company it was merged into. Null for every other status. */
    mergedIntoId: uuid("merged_into_id"),
    ...timestamps(),
  },
  (table) => [
    index("ideas_company_created_idx").on(table.companyId, descending(table.createdAt), descending(table.id)),
    index("ideas_company_team_status_created_idx").on(
      table.companyId,
      table.teamId,
      table.status,
      descending(table.createdAt),
    ),
    index("ideas_author_created_idx").on(table.authorId, descending(table.createdAt)),
    // Analytics: the ideas submitted in a period, of the whole company or of one team, in the export's
    // order. The company's index carries every column the overview counts, so it reads no table row.
    index("ideas_company_submitted_idx")
      .on(
        table.companyId,
        table.submittedAt,
        table.id,
        table.status,
        table.teamId,
        table.challengeId,
        table.authorId,
        table.firstReviewedAt,
        table.decidedAt,
      )
      .where(sql`${table.submittedAt} is not null`),
    // Analytics: the reviewers' backlog, ideas waiting for a reviewer by their latest status change.
    index("ideas_waiting_idx")
      .on(table.companyId, table.lastEventAt, table.teamId)
      .where(ideasWaitingForReview(table.status)),
    // Analytics: the scored ideas submitted in a period, with every column the scores by challenge
    // read (index-only); only scored ideas, so it stays as small as the scorecards.
    index("ideas_company_scored_idx")
      .on(table.companyId, table.submittedAt, table.teamId, table.challengeId, table.status, table.score, table.id)
      .where(sql`${table.score} is not null and ${table.submittedAt} is not null`),
    index("ideas_company_team_submitted_idx")
      .on(table.companyId, table.teamId, table.submittedAt, table.id)
      .where(sql`${table.submittedAt} is not null`),
    index("ideas_challenge_idx").on(table.challengeId),
    // The list sorted by score, best first, unscored last (as 0), then newest first: keyset pages read it in order.
    index("ideas_company_score_idx").on(
      table.companyId,
      sql`coalesce(${table.score}, 0) desc`,
      descending(table.createdAt),
      descending(table.id),
    ),
    // A manager's team list by score (`team=` with `sort=score`), read in order instead of sorting the team's ideas.
    index("ideas_company_team_score_idx").on(
      table.companyId,
      table.teamId,
      sql`coalesce(${table.score}, 0) desc`,
      descending(table.createdAt),
      descending(table.id),
    ),
    index("ideas_tags_idx").using("gin", table.tags),
    // Similar-idea search with built-in full-text search; query with `ideaSearchDocument`.
    index("ideas_search_idx").using("gin", sql`to_tsvector('english', ${table.title} || ' ' || ${table.description})`),
    // AI analysis: the titles nearest to the one being written, in order of pg_trgm's distance
    // (`<->`); a GiST index walks them nearest first, so the search stops after the few it needs.
    // Signatures of 128 bytes rather than 12 tell titles apart (about half the time at 100,000 ideas).
    index("ideas_title_trgm_idx").using("gist", table.title.op("gist_trgm_ops(siglen=128)")),
    unique("ideas_id_company_unique").on(table.id, table.companyId),
    ofSameCompany("ideas_team_fk", table.teamId, table.companyId, teams),
    ofSameCompany("ideas_challenge_fk", table.challengeId, table.companyId, challenges),
    // An idea's contributors and merged comments: the ideas merged into it.
    index("ideas_merged_into_idx")
      .on(table.companyId, table.mergedIntoId)
      .where(sql`${table.mergedIntoId} is not null`),
    ofSameCompany("ideas_merged_into_fk", table.mergedIntoId, table.companyId, table),
    check("ideas_merged_into_check", sql`(${table.status} = 'merged') = (${table.mergedIntoId} is not null)`),
    check("ideas_status_check", isOneOf(table.status, IDEA_STATUSES)),
    check("ideas_counts_check", sql`${table.voteCount} >= 0 and ${table.commentCount} >= 0`),
  ],
);

/**
 * The document the ideas_search_idx index is built on. Search with
 * `sql\`${ideaSearchDocument} @@ websearch_to_tsquery('english', ${text})\`` so the index is used.
 */
export const ideaSearchDocument: SQL = sql`to_tsvector('english', ${ideas.title} || ' ' || ${ideas.description})`;

/** Composite link to an idea of the same company, cascading with the idea. */
export function ideaOfSameCompany(name: string, columns: { ideaId: AnyPgColumn; companyId: AnyPgColumn }) {
  return ofSameCompany(name, columns.ideaId, columns.companyId, ideas).onDelete("cascade");
}

/** The status history of an idea: every transition with actor, time and note. */
export const ideaEvents = pgTable(
  "idea_events",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    /** Null for the first event (creation). */
    fromStatus: text("from_status").$type<IdeaStatus>(),
    toStatus: text("to_status").$type<IdeaStatus>().notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    /**
     * For a submission or a resubmitted revision: the reviewer's checklist computed on the text
     * sent in that step, each question's verdict in order. Null for every other step.
     */
    checklist: jsonb("checklist").$type<ChecklistVerdict[]>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("idea_events_idea_created_idx").on(table.ideaId, table.createdAt),
    // Analytics: a company's status changes since a day (review times, waiting reviews), from the index alone.
    index("idea_events_company_created_idx").on(table.companyId, table.createdAt, table.toStatus, table.ideaId),
    ideaOfSameCompany("idea_events_idea_fk", table),
    check(
      "idea_events_from_status_check",
      sql`${table.fromStatus} is null or ${isOneOf(table.fromStatus, IDEA_STATUSES)}`,
    ),
    check("idea_events_to_status_check", isOneOf(table.toStatus, IDEA_STATUSES)),
  ],
);

/** Earlier versions of an idea's text, kept when the author revises it. */
export const ideaRevisions = pgTable(
  "idea_revisions",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    revisedBy: uuid("revised_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("idea_revisions_idea_created_idx").on(table.ideaId, table.createdAt),
    ideaOfSameCompany("idea_revisions_idea_fk", table),
  ],
);

export const comments = pgTable(
  "comments",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    ...timestamps(),
  },
  (table) => [
    index("comments_idea_created_idx").on(table.ideaId, table.createdAt),
    // Analytics: who commented in a period, from the index alone.
    index("comments_company_created_idx").on(table.companyId, table.createdAt, table.authorId),
    ideaOfSameCompany("comments_idea_fk", table),
  ],
);

/** One vote per person and idea. */
export const votes = pgTable(
  "votes",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("votes_idea_user_unique").on(table.ideaId, table.userId),
    index("votes_user_idx").on(table.userId),
    // Analytics: who voted in a period, from the index alone.
    index("votes_company_created_idx").on(table.companyId, table.createdAt, table.userId),
    ideaOfSameCompany("votes_idea_fk", table),
  ],
);

export type IdeaRow = typeof ideas.$inferSelect;
export type NewIdeaRow = typeof ideas.$inferInsert;
export type IdeaEventRow = typeof ideaEvents.$inferSelect;
export type IdeaRevisionRow = typeof ideaRevisions.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type VoteRow = typeof votes.$inferSelect;
