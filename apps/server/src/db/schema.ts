/**
 * The whole Ideaport domain model (companies, people, teams, ideas, challenges, points, notifications...) as one Drizzle schema.
 *
 * Conventions, so every table reads the same:
 * - `id uuid primary key default gen_random_uuid()` on every table (core since PostgreSQL 13),
 *   natural keys are unique indexes beside it.
 * - snake_case columns, camelCase TypeScript keys, explicit names everywhere, so raw SQL and
 *   generated migrations match what is written here.
 * - `timestamptz` for instants (`created_at`, `expires_at`...), `date` for calendar days.
 * - Every company-owned row carries `company_id` (NOT NULL, cascades with the company) and its
 *   list indexes lead with it. Where a row points at another company-owned row (an idea's team,
 *   a comment's idea...), the foreign key is composite `(x_id, company_id) -> x(id, company_id)`,
 *   so the database itself refuses a row that links two companies.
 * - Closed value sets that drive rules (roles, lifecycles, onboarding) are `text` + CHECK
 *   constraints, not `pgEnum`: a CHECK is dropped and re-created in one transaction, while
 *   enum values cannot be removed and new ones cannot be used in the transaction that adds them.
 *   Open catalogues that grow with features (notification types, point reasons, audit actions)
 *   are plain `text` typed in TypeScript with `$type`, so adding one needs no migration.
 * - Case-insensitive uniqueness (e-mails, company and team names) is a unique index on
 *   `lower(column)`; query it with `matchesIgnoringCase` so the index is used.
 * - Secrets are stored hashed (`*_hash`) or encrypted (`*_encrypted`), never in clear.
 */

import type {
  ActionStatus,
  ChallengeScope,
  ChallengeStatus,
  ChecklistVerdict,
  DigestFrequency,
  EmailCategory,
  EmailFrequency,
  IdeaStatus,
  NotificationType,
  OnboardingStatus,
  RedemptionStatus,
} from "@ideaport/shared";
import {
  ACTION_STATUSES,
  CHALLENGE_SCOPES,
  CHALLENGE_STATUSES,
  EMAIL_FREQUENCIES,
  IDEA_STATUSES,
  MEMBER_ROLES,
  ONBOARDING_STATUSES,
  REDEMPTION_STATUSES,
  ROLES,
} from "@ideaport/shared";
import { relations, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------------------------
// Value sets
// ---------------------------------------------------------------------------------------------

export const USER_ROLES = ROLES;
export type UserRole = (typeof USER_ROLES)[number];
export type MemberRole = (typeof MEMBER_ROLES)[number];

// The value sets that the API also speaks are written once, in the shared package.
export type { ActionStatus, ChallengeScope, ChallengeStatus, IdeaStatus, RedemptionStatus };
export { ACTION_STATUSES, CHALLENGE_SCOPES, CHALLENGE_STATUSES, IDEA_STATUSES, REDEMPTION_STATUSES };

export const ADMIN_REQUEST_STATUSES = ["pending", "approved", "denied"] as const;
export type AdminRequestStatus = (typeof ADMIN_REQUEST_STATUSES)[number];

/** What a joiner asks for: administrator rights, or to manage the team they joined. */
export const ROLE_REQUEST_KINDS = ["admin", "manager"] as const;
export type RoleRequestKind = (typeof ROLE_REQUEST_KINDS)[number];

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Why points moved. Open set (no CHECK): the keys of the points rules plus bookkeeping reasons. */
export type PointReason =
  | "submit"
  | "approved"
  | "comment"
  | "challenge_answer"
  | "reward_redemption"
  | "reward_refund"
  | "adjustment";

/** The points rules an admin can edit: what each kind of contribution earns (company settings). */
export interface PointsRules {
  submit: number;
  approved: number;
  comment: number;
  challenge_answer: number;
}

/** Company settings, stored as one jsonb document so new settings need no migration. */
export interface CompanySettings {
  points: PointsRules;
  /** The AI analysis: whether idea text may go to the configured language model (off when absent). */
  ai?: { send_idea_text: boolean };
}

/**
 * The spans of the leaderboards' running totals (point_totals): a UTC calendar month, a UTC
 * calendar year, and all time.
 */
export const POINT_TOTAL_SPANS = ["month", "year", "all"] as const;
export type PointTotalSpan = (typeof POINT_TOTAL_SPANS)[number];

export const DEFAULT_POINTS_RULES: PointsRules = { submit: 10, approved: 50, comment: 2, challenge_answer: 5 };
export const DEFAULT_COMPANY_SETTINGS: CompanySettings = { points: DEFAULT_POINTS_RULES };

// ---------------------------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------------------------

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const instant = (name: string) => timestamp(name, { withTimezone: true });
/** The owning company; the row goes when the company goes. */
const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/**
 * A descending index key usable by a plain `ORDER BY column DESC`, which PostgreSQL sorts with
 * nulls first; drizzle-kit writes a bare `.desc()` as DESC NULLS LAST, which such a query cannot use.
 */
function descending(column: ExtraConfigColumn) {
  return column.desc().nullsFirst();
}

/** `column IN ('a', 'b')` for a CHECK constraint; the values are our own constants, never input. */
function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** `lower(column) = lower(value)`: the form that uses the case-insensitive unique indexes. */
export function matchesIgnoringCase(column: AnyPgColumn, value: string): SQL {
  return sql`lower(${column}) = lower(${value})`;
}

// ---------------------------------------------------------------------------------------------
// Companies, teams, users
// ---------------------------------------------------------------------------------------------

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    /** The join password, hashed with argon2id. */
    passwordHash: text("password_hash").notNull(),
    settings: jsonb("settings").$type<CompanySettings>().notNull().default(DEFAULT_COMPANY_SETTINGS),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("companies_name_lower_unique").on(sql`lower(${table.name})`)],
);

export const teams = pgTable(
  "teams",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** Teams with history are archived rather than deleted; ideas and points keep pointing at them. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("teams_company_name_lower_unique").on(table.companyId, sql`lower(${table.name})`),
    unique("teams_id_company_unique").on(table.id, table.companyId),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    displayName: text("display_name").notNull(),
    role: text("role").$type<UserRole>().notNull().default("employee"),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** Null between e-mail verification and joining or creating a company. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    onboardingStatus: text("onboarding_status").$type<OnboardingStatus>().notNull().default("awaiting_initial_tour"),
    isActive: boolean("is_active").notNull().default(true),
    emailVerifiedAt: instant("email_verified_at"),
    lastLoginAt: instant("last_login_at"),
    /**
     * Raised by sign-out, password change and password reset: access tokens carry the generation
     * they were signed in, and a token of an older generation is refused at once.
     */
    sessionGeneration: integer("session_generation").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    index("users_company_idx").on(table.companyId),
    unique("users_id_company_unique").on(table.id, table.companyId),
    check("users_role_check", isOneOf(table.role, USER_ROLES)),
    check("users_onboarding_status_check", isOneOf(table.onboardingStatus, ONBOARDING_STATUSES)),
  ],
);

/** A user's place in a team. The composite keys keep team, user and company consistent. */
export const teamMemberships = pgTable(
  "team_memberships",
  {
    id: id(),
    companyId: companyId(),
    teamId: uuid("team_id").notNull(),
    userId: uuid("user_id").notNull(),
    isManager: boolean("is_manager").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("team_memberships_team_user_unique").on(table.teamId, table.userId),
    index("team_memberships_user_idx").on(table.userId),
    foreignKey({
      name: "team_memberships_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
    foreignKey({
      name: "team_memberships_user_fk",
      columns: [table.userId, table.companyId],
      foreignColumns: [users.id, users.companyId],
    }).onDelete("cascade"),
  ],
);

// ---------------------------------------------------------------------------------------------
// Registration, sessions, recovery, invitations
// ---------------------------------------------------------------------------------------------

/** A sign-up waiting for its e-mailed code; becomes a user when the code is verified. */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    /** Wrong codes entered; the registration is refused past VERIFICATION_CODE_MAX_ATTEMPTS. */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("pending_registrations_email_lower_unique").on(sql`lower(${table.email})`),
    index("pending_registrations_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Proof that whoever holds the token verified this user's e-mail, so a pre-sign-in step trusts a body's user id only with it: set as an
 * HttpOnly cookie by the verify step, required by the associate-company and create-company steps.
 */
export const registrationProofs = pgTable(
  "registration_proofs",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("registration_proofs_token_hash_unique").on(table.tokenHash),
    index("registration_proofs_user_idx").on(table.userId),
  ],
);

/** Opaque refresh tokens, stored hashed, rotated on use; a reused one revokes its family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** All tokens rotated from one login share a family. */
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    /** The family's absolute end: rotation never extends a session past it. */
    familyExpiresAt: instant("family_expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    replacedBy: uuid("replaced_by").references((): AnyPgColumn => refreshTokens.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("refresh_tokens_token_hash_unique").on(table.tokenHash),
    index("refresh_tokens_family_idx").on(table.familyId),
    index("refresh_tokens_user_idx").on(table.userId),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("password_reset_tokens_token_hash_unique").on(table.tokenHash),
    index("password_reset_tokens_user_idx").on(table.userId),
  ],
);

/** An invitation to join a team, accepted at /accept-invitation/{token}. */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    companyId: companyId(),
    teamId: uuid("team_id").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role").$type<MemberRole>().notNull().default("employee"),
    isAdmin: boolean("is_admin").notNull().default(false),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    revokedAt: instant("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("invitations_token_hash_unique").on(table.tokenHash),
    index("invitations_team_email_idx").on(table.teamId, sql`lower(${table.email})`),
    index("invitations_company_created_idx").on(table.companyId, descending(table.createdAt)),
    foreignKey({
      name: "invitations_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
    check("invitations_role_check", isOneOf(table.role, MEMBER_ROLES)),
  ],
);

/**
 * A joiner asking for administrator rights (kind "admin": an admin decides) or to manage the team
 * they joined (kind "manager", with its team: the team's managers or an admin decide).
 */
export const adminRequests = pgTable(
  "admin_requests",
  {
    id: id(),
    companyId: companyId(),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RoleRequestKind>().notNull().default("admin"),
    /** The team to manage, for kind "manager"; null for kind "admin". */
    teamId: uuid("team_id"),
    status: text("status").$type<AdminRequestStatus>().notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("admin_requests_company_status_idx").on(table.companyId, table.status, descending(table.createdAt)),
    // One open request of each kind per person and company; decided ones stay as history.
    uniqueIndex("admin_requests_one_pending_per_kind_unique")
      .on(table.companyId, table.requesterId, table.kind)
      .where(sql`${table.status} = 'pending'`),
    foreignKey({
      name: "admin_requests_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
    check("admin_requests_status_check", isOneOf(table.status, ADMIN_REQUEST_STATUSES)),
    check("admin_requests_kind_check", isOneOf(table.kind, ROLE_REQUEST_KINDS)),
    check("admin_requests_manager_team_check", sql`(${table.kind} = 'manager') = (${table.teamId} is not null)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Challenges and ideas
// ---------------------------------------------------------------------------------------------

export const challenges = pgTable(
  "challenges",
  {
    id: id(),
    companyId: companyId(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    foreignKey({
      name: "challenges_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }),
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

/** A project idea. Status changes are recorded in idea_events, edits in idea_revisions. */
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

export const ideas = pgTable(
  "ideas",
  {
    id: id(),
    companyId: companyId(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    index("ideas_company_team_submitted_idx")
      .on(table.companyId, table.teamId, table.submittedAt, table.id)
      .where(sql`${table.submittedAt} is not null`),
    index("ideas_challenge_idx").on(table.challengeId),
    index("ideas_tags_idx").using("gin", table.tags),
    // Similar-idea search with built-in full-text search; query with `ideaSearchDocument`.
    index("ideas_search_idx").using("gin", sql`to_tsvector('english', ${table.title} || ' ' || ${table.description})`),
    // AI analysis: the titles nearest to the one being written, in order of pg_trgm's distance
    // (`<->`); a GiST index walks them nearest first, so the search stops after the few it needs.
    // Signatures of 128 bytes rather than 12 tell titles apart (about half the time at 100,000 ideas).
    index("ideas_title_trgm_idx").using("gist", table.title.op("gist_trgm_ops(siglen=128)")),
    unique("ideas_id_company_unique").on(table.id, table.companyId),
    foreignKey({
      name: "ideas_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }),
    foreignKey({
      name: "ideas_challenge_fk",
      columns: [table.challengeId, table.companyId],
      foreignColumns: [challenges.id, challenges.companyId],
    }),
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
function ideaOfSameCompany(name: string, columns: { ideaId: AnyPgColumn; companyId: AnyPgColumn }) {
  return foreignKey({
    name,
    columns: [columns.ideaId, columns.companyId],
    foreignColumns: [ideas.id, ideas.companyId],
  }).onDelete("cascade");
}

/** The status history of an idea: every transition with actor, time and note. */
export const ideaEvents = pgTable(
  "idea_events",
  {
    id: id(),
    companyId: companyId(),
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
    id: id(),
    companyId: companyId(),
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
    id: id(),
    companyId: companyId(),
    ideaId: uuid("idea_id").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: id(),
    companyId: companyId(),
    ideaId: uuid("idea_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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

/** The ideas-to-action board: one action per approved idea. */
export const actions = pgTable(
  "actions",
  {
    id: id(),
    companyId: companyId(),
    ideaId: uuid("idea_id").notNull(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    dueDate: date("due_date"),
    status: text("status").$type<ActionStatus>().notNull().default("todo"),
    /** The due date its owner was last reminded of (action_due_soon); a new date is reminded anew. */
    dueReminderFor: date("due_reminder_for"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("actions_idea_unique").on(table.ideaId),
    index("actions_company_status_idx").on(table.companyId, table.status, table.dueDate),
    index("actions_owner_idx").on(table.ownerId),
    ideaOfSameCompany("actions_idea_fk", table),
    check("actions_status_check", isOneOf(table.status, ACTION_STATUSES)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Company portal: news, points, rewards
// ---------------------------------------------------------------------------------------------

/** A company's own news categories, managed by its admins; names unique per company, ignoring case. */
export const newsCategories = pgTable(
  "news_categories",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("news_categories_company_name_lower_unique").on(table.companyId, sql`lower(${table.name})`),
    unique("news_categories_id_company_unique").on(table.id, table.companyId),
  ],
);

export const news = pgTable(
  "news",
  {
    id: id(),
    companyId: companyId(),
    /** A category of the same company; a used category cannot be deleted. */
    categoryId: uuid("category_id").notNull(),
    title: text("title").notNull(),
    /** Markdown as the author wrote it. */
    body: text("body").notNull(),
    /** The body rendered and sanitised when written; null (rows written before it) is rendered when read. */
    bodyHtml: text("body_html"),
    /** The canonical YouTube or Vimeo address (normalised when written). */
    videoUrl: text("video_url"),
    isPinned: boolean("is_pinned").notNull().default(false),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Null while a draft; readers see rows with published_at <= now (a later one is scheduled). */
    publishedAt: instant("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The list order: pinned first, then newest (drafts, whose published_at is null, first for admins).
    index("news_company_pinned_published_idx").on(
      table.companyId,
      descending(table.isPinned),
      descending(table.publishedAt),
      descending(table.id),
    ),
    index("news_company_category_idx").on(table.companyId, table.categoryId),
    unique("news_id_company_unique").on(table.id, table.companyId),
    foreignKey({
      name: "news_category_fk",
      columns: [table.categoryId, table.companyId],
      foreignColumns: [newsCategories.id, newsCategories.companyId],
    }),
  ],
);

/** Who has read which news post: the `read` flag of the list. */
export const newsReads = pgTable(
  "news_reads",
  {
    id: id(),
    companyId: companyId(),
    newsId: uuid("news_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: createdAt(),
  },
  (table) => [
    uniqueIndex("news_reads_news_user_unique").on(table.newsId, table.userId),
    index("news_reads_user_idx").on(table.userId),
    foreignKey({
      name: "news_reads_news_fk",
      columns: [table.newsId, table.companyId],
      foreignColumns: [news.id, news.companyId],
    }).onDelete("cascade"),
  ],
);

/**
 * Append-only points ledger: balances and leaderboards are sums over it. `team_id` is the team
 * at the time of the award, for team leaderboards.
 */
export const pointLedger = pgTable(
  "point_ledger",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    foreignKey({
      name: "point_ledger_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }),
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
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    foreignKey({
      name: "point_totals_team_fk",
      columns: [table.teamId, table.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }),
  ],
);

export const rewards = pgTable(
  "rewards",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    cost: integer("cost").notNull(),
    /** Null means unlimited. */
    stock: integer("stock"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("rewards_company_active_cost_idx").on(table.companyId, table.isActive, table.cost),
    unique("rewards_id_company_unique").on(table.id, table.companyId),
    check("rewards_cost_check", sql`${table.cost} > 0`),
    check("rewards_stock_check", sql`${table.stock} is null or ${table.stock} >= 0`),
  ],
);

export const rewardRedemptions = pgTable(
  "reward_redemptions",
  {
    id: id(),
    companyId: companyId(),
    rewardId: uuid("reward_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The price paid, which the reward's cost may later change from. */
    cost: integer("cost").notNull(),
    /** pending until an admin fulfils or cancels it (cancelling refunds the points); both are final. */
    status: text("status").$type<RedemptionStatus>().notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    /** Why an administrator cancelled it (asked since cancelling asks for a reason). */
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    index("reward_redemptions_company_created_idx").on(table.companyId, descending(table.createdAt)),
    check("reward_redemptions_status_check", isOneOf(table.status, REDEMPTION_STATUSES)),
    index("reward_redemptions_user_created_idx").on(table.userId, descending(table.createdAt)),
    foreignKey({
      name: "reward_redemptions_reward_fk",
      columns: [table.rewardId, table.companyId],
      foreignColumns: [rewards.id, rewards.companyId],
    }),
    check("reward_redemptions_cost_check", sql`${table.cost} > 0`),
  ],
);

/**
 * The rewards a person was told they can afford (`rewards_available`): once per reward and person,
 * however often their balance rises past its cost again.
 */
export const rewardNotices = pgTable(
  "reward_notices",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rewardId: uuid("reward_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("reward_notices_user_reward_unique").on(table.userId, table.rewardId),
    foreignKey({
      name: "reward_notices_reward_fk",
      columns: [table.rewardId, table.companyId],
      foreignColumns: [rewards.id, rewards.companyId],
    }).onDelete("cascade"),
  ],
);

// ---------------------------------------------------------------------------------------------
// Notifications, calendar, audit
// ---------------------------------------------------------------------------------------------

/**
 * One row per recipient, holding what the Notification answer shows: type, read, content, the
 * actor's name and the related idea, request, challenge or reward.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull(),
    readAt: instant("read_at"),
    /**
     * The sentence written for the recipient when the notification was made (the shared
     * `describeNotification` of the facts below); the API renders it anew from the facts.
     */
    content: text("content").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied at creation so the bell reads one table. */
    actorName: text("actor_name"),
    /** Whom the event is about: an idea's author, a request's requester, a challenge's creator. */
    subjectId: uuid("subject_id").references(() => users.id, { onDelete: "set null" }),
    projectIdeaTitle: text("project_idea_title"),
    relatedIdeaId: uuid("related_idea_id").references(() => ideas.id, { onDelete: "set null" }),
    /** The admin request (administrator rights or managing a team) the notification is about. */
    relatedRequestId: uuid("related_request_id"),
    relatedChallengeId: uuid("related_challenge_id").references(() => challenges.id, { onDelete: "set null" }),
    challengeTitle: text("challenge_title"),
    challengeScope: text("challenge_scope").$type<ChallengeScope>(),
    /** The reward redeemed, fulfilled or within reach, and its title when the notification was made. */
    relatedRewardId: uuid("related_reward_id").references(() => rewards.id, { onDelete: "set null" }),
    rewardTitle: text("reward_title"),
    /** The note of the decision or of the request for revision the notification tells of. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_user_created_idx").on(table.userId, descending(table.createdAt), descending(table.id)),
    index("notifications_company_user_unread_idx")
      .on(table.companyId, table.userId)
      .where(sql`${table.readAt} is null`),
    check(
      "notifications_challenge_scope_check",
      sql`${table.challengeScope} is null or ${isOneOf(table.challengeScope, CHALLENGE_SCOPES)}`,
    ),
  ],
);

/** The secret ICS subscription URL of a user (challenge deadlines, action due dates). */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("calendar_feeds_user_unique").on(table.userId),
    uniqueIndex("calendar_feeds_token_hash_unique").on(table.tokenHash),
  ],
);

/** An OAuth connection to a calendar provider; tokens are encrypted at rest. */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: instant("token_expires_at"),
    scope: text("scope"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("calendar_connections_user_provider_unique").on(table.userId, table.provider)],
);

/** Who changed what: admin actions and idea decisions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    companyId: companyId(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Dotted verb, e.g. "idea.approved", "user.made_admin". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_company_created_idx").on(table.companyId, descending(table.createdAt))],
);

// ---------------------------------------------------------------------------------------------
// Infrastructure: mail outbox, telemetry
// ---------------------------------------------------------------------------------------------

/**
 * Mail written in the same transaction as the change that causes it and sent after commit.
 * The keys match nodemailer's message fields; the columns avoid the reserved word `to`.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), sent as they are. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sendAfter: instant("send_after").notNull().defaultNow(),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_status_send_after_idx").on(table.status, table.sendAfter),
    check("mail_outbox_status_check", isOneOf(table.status, MAIL_STATUSES)),
  ],
);

/**
 * How often a person hears of each category of notification by e-mail (EMAIL_CATEGORIES). No row
 * means every category at its default, "every event".
 */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    userId: uuid("user_id").primaryKey(),
    companyId: companyId(),
    approvals: text("approvals").$type<EmailFrequency>().notNull().default("immediate"),
    revisionRequests: text("revision_requests").$type<EmailFrequency>().notNull().default("immediate"),
    rejections: text("rejections").$type<EmailFrequency>().notNull().default("immediate"),
    comments: text("comments").$type<EmailFrequency>().notNull().default("immediate"),
    adminRequests: text("admin_requests").$type<EmailFrequency>().notNull().default("immediate"),
    requestAnswers: text("request_answers").$type<EmailFrequency>().notNull().default("immediate"),
    actions: text("actions").$type<EmailFrequency>().notNull().default("immediate"),
    redemptions: text("redemptions").$type<EmailFrequency>().notNull().default("immediate"),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: "email_preferences_user_fk",
      columns: [table.userId, table.companyId],
      foreignColumns: [users.id, users.companyId],
    }).onDelete("cascade"),
    check("email_preferences_approvals_check", isOneOf(table.approvals, EMAIL_FREQUENCIES)),
    check("email_preferences_revision_requests_check", isOneOf(table.revisionRequests, EMAIL_FREQUENCIES)),
    check("email_preferences_rejections_check", isOneOf(table.rejections, EMAIL_FREQUENCIES)),
    check("email_preferences_comments_check", isOneOf(table.comments, EMAIL_FREQUENCIES)),
    check("email_preferences_admin_requests_check", isOneOf(table.adminRequests, EMAIL_FREQUENCIES)),
    check("email_preferences_request_answers_check", isOneOf(table.requestAnswers, EMAIL_FREQUENCIES)),
    check("email_preferences_actions_check", isOneOf(table.actions, EMAIL_FREQUENCIES)),
    check("email_preferences_redemptions_check", isOneOf(table.redemptions, EMAIL_FREQUENCIES)),
  ],
);

/** One digest mail sent: at most one per person, frequency and period, whoever sends it. */
export const emailDigests = pgTable(
  "email_digests",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    frequency: text("frequency").$type<DigestFrequency>().notNull(),
    /** The day (daily) or the Monday of the week (weekly) the digest closes, as YYYY-MM-DD. */
    period: date("period").notNull(),
    itemCount: integer("item_count").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("email_digests_user_period_unique").on(table.userId, table.frequency, table.period),
    check("email_digests_frequency_check", isOneOf(table.frequency, ["daily", "weekly"])),
  ],
);

/**
 * A notification waiting for its person's digest (their category was on a digest when it was
 * made); `digest_id` is set when a digest takes it.
 */
export const emailDigestItems = pgTable(
  "email_digest_items",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    category: text("category").$type<EmailCategory>().notNull(),
    digestId: uuid("digest_id").references(() => emailDigests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_digest_items_waiting_idx").on(table.userId, table.createdAt).where(sql`${table.digestId} is null`),
  ],
);

export const cspReports = pgTable(
  "csp_reports",
  {
    id: id(),
    /** Whatever JSON the browser sent (report-uri or Reporting API format). */
    report: jsonb("report").$type<unknown>().notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [index("csp_reports_created_idx").on(table.createdAt)],
);

export const clientErrors = pgTable(
  "client_errors",
  {
    id: id(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    path: text("path").notNull(),
    stack: text("stack"),
    componentStack: text("component_stack"),
    userAgent: text("user_agent"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("client_errors_created_idx").on(table.createdAt)],
);

export const webVitals = pgTable(
  "web_vitals",
  {
    id: id(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating"),
    metricId: text("metric_id").notNull(),
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("web_vitals_name_created_idx").on(table.name, table.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Relations: for db.query.<table>.findMany({ with: ... }), which nothing uses; the database handles
// are opened without the schema (db/types.ts), so these do not reach them.
// ---------------------------------------------------------------------------------------------

export const companiesRelations = relations(companies, ({ many }) => ({
  teams: many(teams),
  users: many(users),
}));

export const teamsRelations = relations(teams, ({ one, many }) => ({
  company: one(companies, { fields: [teams.companyId], references: [companies.id] }),
  memberships: many(teamMemberships),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  memberships: many(teamMemberships),
  ideas: many(ideas),
}));

export const teamMembershipsRelations = relations(teamMemberships, ({ one }) => ({
  team: one(teams, { fields: [teamMemberships.teamId], references: [teams.id] }),
  user: one(users, { fields: [teamMemberships.userId], references: [users.id] }),
}));

export const invitationsRelations = relations(invitations, ({ one }) => ({
  team: one(teams, { fields: [invitations.teamId], references: [teams.id] }),
  inviter: one(users, { fields: [invitations.invitedBy], references: [users.id] }),
}));

export const adminRequestsRelations = relations(adminRequests, ({ one }) => ({
  requester: one(users, { fields: [adminRequests.requesterId], references: [users.id] }),
}));

export const challengesRelations = relations(challenges, ({ one, many }) => ({
  team: one(teams, { fields: [challenges.teamId], references: [teams.id] }),
  creator: one(users, { fields: [challenges.createdBy], references: [users.id] }),
  ideas: many(ideas),
}));

export const ideasRelations = relations(ideas, ({ one, many }) => ({
  author: one(users, { fields: [ideas.authorId], references: [users.id] }),
  team: one(teams, { fields: [ideas.teamId], references: [teams.id] }),
  challenge: one(challenges, { fields: [ideas.challengeId], references: [challenges.id] }),
  events: many(ideaEvents),
  revisions: many(ideaRevisions),
  comments: many(comments),
  votes: many(votes),
  action: one(actions, { fields: [ideas.id], references: [actions.ideaId] }),
}));

export const ideaEventsRelations = relations(ideaEvents, ({ one }) => ({
  idea: one(ideas, { fields: [ideaEvents.ideaId], references: [ideas.id] }),
  actor: one(users, { fields: [ideaEvents.actorId], references: [users.id] }),
}));

export const ideaRevisionsRelations = relations(ideaRevisions, ({ one }) => ({
  idea: one(ideas, { fields: [ideaRevisions.ideaId], references: [ideas.id] }),
  reviser: one(users, { fields: [ideaRevisions.revisedBy], references: [users.id] }),
}));

export const commentsRelations = relations(comments, ({ one }) => ({
  idea: one(ideas, { fields: [comments.ideaId], references: [ideas.id] }),
  author: one(users, { fields: [comments.authorId], references: [users.id] }),
}));

export const votesRelations = relations(votes, ({ one }) => ({
  idea: one(ideas, { fields: [votes.ideaId], references: [ideas.id] }),
  user: one(users, { fields: [votes.userId], references: [users.id] }),
}));

export const actionsRelations = relations(actions, ({ one }) => ({
  idea: one(ideas, { fields: [actions.ideaId], references: [ideas.id] }),
  owner: one(users, { fields: [actions.ownerId], references: [users.id] }),
}));

export const newsRelations = relations(news, ({ one }) => ({
  author: one(users, { fields: [news.authorId], references: [users.id] }),
  category: one(newsCategories, { fields: [news.categoryId], references: [newsCategories.id] }),
}));

export const rewardsRelations = relations(rewards, ({ many }) => ({
  redemptions: many(rewardRedemptions),
}));

export const rewardRedemptionsRelations = relations(rewardRedemptions, ({ one }) => ({
  reward: one(rewards, { fields: [rewardRedemptions.rewardId], references: [rewards.id] }),
  user: one(users, { fields: [rewardRedemptions.userId], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------------------------

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
export type TeamRow = typeof teams.$inferSelect;
export type NewTeamRow = typeof teams.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TeamMembershipRow = typeof teamMemberships.$inferSelect;
export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;
export type RegistrationProofRow = typeof registrationProofs.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type AdminRequestRow = typeof adminRequests.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type IdeaRow = typeof ideas.$inferSelect;
export type NewIdeaRow = typeof ideas.$inferInsert;
export type IdeaEventRow = typeof ideaEvents.$inferSelect;
export type IdeaRevisionRow = typeof ideaRevisions.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type VoteRow = typeof votes.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type NewsRow = typeof news.$inferSelect;
export type NewsCategoryRow = typeof newsCategories.$inferSelect;
export type PointLedgerRow = typeof pointLedger.$inferSelect;
export type RewardRow = typeof rewards.$inferSelect;
export type RewardRedemptionRow = typeof rewardRedemptions.$inferSelect;
export type RewardNoticeRow = typeof rewardNotices.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type EmailPreferencesRow = typeof emailPreferences.$inferSelect;
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;
