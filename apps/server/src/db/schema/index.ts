/**
 * The whole Ideaport domain model (companies, people, teams, ideas, challenges, points, notifications...) as one Drizzle
 * schema, one file per feature area beside this index; drizzle-kit reads it from here.
 *
 * Conventions, so every table reads the same:
 * - `id uuid primary key default gen_random_uuid()` on every table (core since PostgreSQL 13),
 *   natural keys are unique indexes beside it.
 * - snake_case columns, camelCase TypeScript keys, explicit names everywhere, so raw SQL and
 *   generated migrations match what is written here.
 * - `timestamptz` for instants (`created_at`, `expires_at`...), `date` for calendar days.
 * - Every company-owned row carries `company_id` (NOT NULL, cascades with the company) and its
 *   list indexes lead with it; `...companyKeys()` starts such a table with its id and company.
 *   Where a row points at another company-owned row (an idea's team, a comment's idea...), the
 *   foreign key is composite `(x_id, company_id) -> x(id, company_id)`, so the database itself
 *   refuses a row that links two companies.
 * - Repeated columns are spread from one helper, as Drizzle's docs do with reusable columns:
 *   `...timestamps()` (`created_at`, `updated_at`) ends a table that records its changes,
 *   `...personNames()` holds the names a person gave.
 * - Closed value sets that drive rules (roles, lifecycles, onboarding) are `text` + CHECK
 *   constraints, not `pgEnum`: a CHECK is dropped and re-created in one transaction, while
 *   enum values cannot be removed and new ones cannot be used in the transaction that adds them.
 *   Open catalogues that grow with features (notification types, point reasons, audit actions)
 *   are plain `text` typed in TypeScript with `$type`, so adding one needs no migration.
 * - Case-insensitive uniqueness (e-mails, company and team names) is a unique index on
 *   `lower(column)`; query it with `matchesIgnoringCase` so the index is used.
 * - Secrets are stored hashed (`*_hash`) or encrypted (`*_encrypted`), never in clear.
 */

// The value sets that the API also speaks are written once, in the shared package.
export type { ActionStatus, ChallengeScope, ChallengeStatus, IdeaStatus, RedemptionStatus } from "@ideaport/shared";
export {
  ACTION_STATUSES,
  CHALLENGE_SCOPES,
  CHALLENGE_STATUSES,
  IDEA_STATUSES,
  REDEMPTION_STATUSES,
} from "@ideaport/shared";
export * from "./actions.ts";
export * from "./admin-requests.ts";
export * from "./api-tokens.ts";
export * from "./audit.ts";
export * from "./auth.ts";
export * from "./calendar.ts";
export * from "./challenges.ts";
export { matchesIgnoringCase } from "./columns.ts";
export * from "./companies.ts";
export * from "./email-notifications.ts";
export * from "./evaluation.ts";
export * from "./ideas.ts";
export * from "./idempotency.ts";
export * from "./integrations.ts";
export * from "./invitations.ts";
export * from "./mail.ts";
export * from "./news.ts";
export * from "./notifications.ts";
export * from "./points.ts";
export * from "./push.ts";
export * from "./rewards.ts";
export * from "./scim.ts";
export * from "./sso.ts";
export * from "./tags.ts";
export * from "./telemetry.ts";
