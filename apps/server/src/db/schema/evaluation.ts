/** Scorecards: the criteria ideas are scored on, the evaluators' scores, and who evaluates a challenge. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { challenges } from "./challenges.ts";
import { createdAt, ofSameCompany, timestamps } from "./columns.ts";
import { companyKeys, users } from "./companies.ts";
import { ideaOfSameCompany } from "./ideas.ts";

/**
 * A criterion, scored 1 to 5 and weighted against the others of its set: the company's set
 * (challenge_id null) or a challenge's own. `preset` names a default criterion (impact,
 * confidence, ease) whose name and description are shown in the reader's language until an admin
 * rewrites them.
 */
export const evaluationCriteria = pgTable(
  "evaluation_criteria",
  {
    ...companyKeys(),
    challengeId: uuid("challenge_id"),
    preset: text("preset"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    weight: integer("weight").notNull(),
    position: integer("position").notNull(),
    ...timestamps(),
  },
  (table) => [
    index("evaluation_criteria_company_challenge_idx").on(table.companyId, table.challengeId, table.position),
    unique("evaluation_criteria_id_company_unique").on(table.id, table.companyId),
    ofSameCompany("evaluation_criteria_challenge_fk", table.challengeId, table.companyId, challenges).onDelete(
      "cascade",
    ),
    check("evaluation_criteria_weight_check", sql`${table.weight} between 1 and 10`),
  ],
);

/** One evaluator's scorecard of one idea: the note beside their scores. */
export const ideaEvaluations = pgTable(
  "idea_evaluations",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    evaluatorId: uuid("evaluator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("idea_evaluations_idea_evaluator_unique").on(table.ideaId, table.evaluatorId),
    // "Not yet scored by me": the caller's scorecards, by idea.
    index("idea_evaluations_evaluator_idx").on(table.companyId, table.evaluatorId, table.ideaId),
    ideaOfSameCompany("idea_evaluations_idea_fk", table),
  ],
);

/** One score of a scorecard: a criterion from 1 to 5. */
export const ideaScores = pgTable(
  "idea_scores",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    evaluatorId: uuid("evaluator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    criterionId: uuid("criterion_id").notNull(),
    value: integer("value").notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("idea_scores_idea_evaluator_criterion_unique").on(table.ideaId, table.evaluatorId, table.criterionId),
    index("idea_scores_criterion_idx").on(table.criterionId),
    ideaOfSameCompany("idea_scores_idea_fk", table),
    ofSameCompany("idea_scores_criterion_fk", table.criterionId, table.companyId, evaluationCriteria).onDelete(
      "cascade",
    ),
    check("idea_scores_value_check", sql`${table.value} between 1 and 5`),
  ],
);

/** A colleague an admin or the challenge's creator invited to score the challenge's ideas under review. */
export const challengeEvaluators = pgTable(
  "challenge_evaluators",
  {
    ...companyKeys(),
    challengeId: uuid("challenge_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("challenge_evaluators_challenge_user_unique").on(table.challengeId, table.userId),
    index("challenge_evaluators_user_idx").on(table.companyId, table.userId),
    ofSameCompany("challenge_evaluators_challenge_fk", table.challengeId, table.companyId, challenges).onDelete(
      "cascade",
    ),
  ],
);

export type EvaluationCriterionRow = typeof evaluationCriteria.$inferSelect;
