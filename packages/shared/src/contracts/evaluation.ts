import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import {
  CRITERIA_MAX,
  CRITERION_DESCRIPTION_MAX_LENGTH,
  CRITERION_NAME_MAX_LENGTH,
  CRITERION_WEIGHT_MAX,
  CRITERION_WEIGHT_MIN,
  SCORE_MAX,
  SCORE_MIN,
  SCORE_NOTE_MAX_LENGTH,
} from "../evaluation/scoring.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { pageResponseSchema, SuccessSchema } from "./common.ts";
import { IdeaScoreSchema, PersonRefSchema } from "./ideas.ts";
import { ChallengeIdSchema } from "./request-fields.ts";

/** The refusals of the scorecards' request fields. */
export const EVALUATION_MESSAGES = defineMessages({
  criterionNameRequired: {
    id: "shared.evaluation.criterionNameRequired",
    defaultMessage: "Please name the criterion.",
  },
  criterionNameTooLong: {
    id: "shared.evaluation.criterionNameTooLong",
    defaultMessage: "A criterion's name must be at most 80 characters.",
  },
  criterionDescriptionTooLong: {
    id: "shared.evaluation.criterionDescriptionTooLong",
    defaultMessage: "A criterion's description must be at most 500 characters.",
  },
  weightInvalid: {
    id: "shared.evaluation.weightInvalid",
    defaultMessage: "The weight must be a whole number from 1 to 10.",
  },
  criteriaTooMany: { id: "shared.evaluation.criteriaTooMany", defaultMessage: "A set has at most 12 criteria." },
  criteriaNamesRepeat: {
    id: "shared.evaluation.criteriaNamesRepeat",
    defaultMessage: "Two criteria have the same name.",
  },
  criterionIdInvalid: { id: "shared.evaluation.criterionIdInvalid", defaultMessage: "A criterion id is not valid." },
  scoreInvalid: {
    id: "shared.evaluation.scoreInvalid",
    defaultMessage: "Each score must be a whole number from 1 to 5.",
  },
  noteTooLong: { id: "shared.evaluation.noteTooLong", defaultMessage: "The note must be at most 2000 characters." },
  userIdInvalid: { id: "shared.evaluation.userIdInvalid", defaultMessage: "user_id must be a person's id." },
  candidateSearchTooLong: {
    id: "shared.evaluation.candidateSearchTooLong",
    defaultMessage: "Search with at most 100 characters.",
  },
});
const M = EVALUATION_MESSAGES;

/** A criterion ideas are scored on, from 1 to 5, weighted against the others of its set. */
export const CriterionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  weight: z.number().int(),
});
export type Criterion = z.infer<typeof CriterionSchema>;

/** `?challenge=`: that challenge's own set instead of the company's. */
export const CriteriaQuerySchema = z.object({ challenge: ChallengeIdSchema.optional() });
export type CriteriaQuery = z.input<typeof CriteriaQuerySchema>;

const CriterionInputSchema = z.object({
  /** An existing criterion's id keeps its scores; without one, a new criterion. */
  id: z.uuid({ message: schemaMessage(M.criterionIdInvalid) }).optional(),
  name: z
    .string({ error: schemaMessage(M.criterionNameRequired) })
    .trim()
    .min(1, schemaMessage(M.criterionNameRequired))
    .max(CRITERION_NAME_MAX_LENGTH, schemaMessage(M.criterionNameTooLong)),
  description: z
    .string()
    .trim()
    .max(CRITERION_DESCRIPTION_MAX_LENGTH, schemaMessage(M.criterionDescriptionTooLong))
    .default(""),
  weight: z
    .number({ error: schemaMessage(M.weightInvalid) })
    .int(schemaMessage(M.weightInvalid))
    .min(CRITERION_WEIGHT_MIN, schemaMessage(M.weightInvalid))
    .max(CRITERION_WEIGHT_MAX, schemaMessage(M.weightInvalid)),
});

/**
 * PUT /api/evaluation/criteria/: the whole set, in order. The company's set needs one criterion
 * at least; a challenge's empty set means the challenge uses the company's again.
 */
export const UpdateCriteriaRequestSchema = z.object({
  criteria: z
    .array(CriterionInputSchema)
    .max(CRITERIA_MAX, schemaMessage(M.criteriaTooMany))
    .refine(
      (criteria) => new Set(criteria.map((criterion) => criterion.name.toLowerCase())).size === criteria.length,
      schemaMessage(M.criteriaNamesRepeat),
    ),
});
export type UpdateCriteriaRequest = z.input<typeof UpdateCriteriaRequestSchema>;

export const CriteriaResponseSchema = SuccessSchema.extend({
  criteria: z.array(CriterionSchema),
  /** The challenge asked for, or null for the company's set. */
  challenge_id: z.string().nullable(),
  /** For a challenge: it has its own set (else it uses the company's, shown here). */
  own_set: z.boolean(),
});

const ScoreValueSchema = z
  .number({ error: schemaMessage(M.scoreInvalid) })
  .int(schemaMessage(M.scoreInvalid))
  .min(SCORE_MIN, schemaMessage(M.scoreInvalid))
  .max(SCORE_MAX, schemaMessage(M.scoreInvalid));

/** PUT /api/project-ideas/{id}/scores/: a score for every criterion of the idea's set, and a note. */
export const ScoreIdeaRequestSchema = z.object({
  scores: z.record(z.uuid({ message: schemaMessage(M.criterionIdInvalid) }), ScoreValueSchema),
  note: z.string().max(SCORE_NOTE_MAX_LENGTH, schemaMessage(M.noteTooLong)).nullish(),
});
export type ScoreIdeaRequest = z.input<typeof ScoreIdeaRequestSchema>;

const ScoresByCriterionSchema = z.record(z.string(), z.number().int());

export const ScoredCriterionSchema = CriterionSchema.extend({
  /** The average score, one decimal; null while hidden or nobody scored. */
  average: z.number().nullable(),
  /** Evaluators are two or more points apart on it. */
  disagreement: z.boolean(),
});

export const EvaluationSchema = z.object({
  evaluator: PersonRefSchema,
  scores: ScoresByCriterionSchema,
  note: z.string().nullable(),
  updated_at: z.string(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;

/** GET /api/project-ideas/{id}/scores/. */
export const IdeaScoresResponseSchema = SuccessSchema.extend({
  criteria: z.array(ScoredCriterionSchema),
  score: IdeaScoreSchema,
  /** The caller's own scores and note; null before they scored. */
  mine: z.object({ scores: ScoresByCriterionSchema, note: z.string().nullable() }).nullable(),
  /** Everyone's scores, once the caller gave theirs (empty before, and for the author). */
  evaluations: z.array(EvaluationSchema),
});
export type IdeaScores = z.infer<typeof IdeaScoresResponseSchema>;

export const ChallengeEvaluatorsResponseSchema = SuccessSchema.extend({ evaluators: z.array(PersonRefSchema) });
export const InviteEvaluatorRequestSchema = z.object({
  user_id: z.uuid({ message: schemaMessage(M.userIdInvalid) }),
});
export type InviteEvaluatorRequest = z.input<typeof InviteEvaluatorRequestSchema>;

/** How many colleagues one page of the evaluator picker's search holds. */
export const EVALUATOR_CANDIDATES_PAGE_SIZE = 20;
export const EVALUATOR_CANDIDATE_SEARCH_MAX_LENGTH = 100;

/**
 * GET /api/challenges/{id}/evaluators/candidates/?q=&cursor=: the active colleagues a challenge's
 * evaluators are picked from, whose name or e-mail contains `q`, by name, 20 a page.
 */
export const EvaluatorCandidatesQuerySchema = z.object({
  q: z.string().trim().max(EVALUATOR_CANDIDATE_SEARCH_MAX_LENGTH, schemaMessage(M.candidateSearchTooLong)).optional(),
  cursor: z.string().max(200).optional(),
});
export type EvaluatorCandidatesQuery = z.input<typeof EvaluatorCandidatesQuerySchema>;

export const EvaluatorCandidatesResponseSchema = pageResponseSchema("users", PersonRefSchema);
export type EvaluatorCandidates = z.infer<typeof EvaluatorCandidatesResponseSchema>;

/** Scorecards: criteria (admins), scores on ideas under review, and the evaluators of a challenge. */
export const evaluationEndpoints = {
  evaluationCriteria: defineEndpoint({
    method: "GET",
    path: "/api/evaluation/criteria/",
    query: CriteriaQuerySchema,
    response: CriteriaResponseSchema,
  }),
  updateEvaluationCriteria: defineEndpoint({
    method: "PUT",
    path: "/api/evaluation/criteria/",
    query: CriteriaQuerySchema,
    body: UpdateCriteriaRequestSchema,
    response: CriteriaResponseSchema,
  }),
  ideaScores: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/project-ideas/:id/scores/",
    response: IdeaScoresResponseSchema,
  }),
  scoreIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "PUT",
    path: "/api/project-ideas/:id/scores/",
    body: ScoreIdeaRequestSchema,
    response: IdeaScoresResponseSchema,
  }),
  challengeEvaluators: defineEndpoint({
    method: "GET",
    path: "/api/challenges/:id/evaluators/",
    response: ChallengeEvaluatorsResponseSchema,
  }),
  evaluatorCandidates: defineEndpoint({
    method: "GET",
    path: "/api/challenges/:id/evaluators/candidates/",
    query: EvaluatorCandidatesQuerySchema,
    response: EvaluatorCandidatesResponseSchema,
  }),
  inviteEvaluator: defineEndpoint({
    method: "POST",
    path: "/api/challenges/:id/evaluators/",
    body: InviteEvaluatorRequestSchema,
    response: ChallengeEvaluatorsResponseSchema,
  }),
  removeEvaluator: defineEndpoint({
    method: "DELETE",
    path: "/api/challenges/:id/evaluators/:userId/",
    response: ChallengeEvaluatorsResponseSchema,
  }),
} as const;
