import {
  AppError,
  type Criterion,
  canScoreIdea,
  DEFAULT_CRITERION_TEXTS,
  type DefaultCriterion,
  EVALUATOR_CANDIDATES_PAGE_SIZE,
  type EvaluatorCandidatesQuerySchema,
  type IdeaScores,
  roundScore,
  SCORE_DISAGREEMENT_GAP,
  type ScoreIdeaRequestSchema,
  type Translate,
  type UpdateCriteriaRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import { pageOf } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { decodeCursor } from "../../lib/page-cursor.ts";
import { requireVisibleChallenge } from "../challenges/challenges.service.ts";
import {
  findIdeaUnderEvaluation,
  findVisibleIdea,
  type IdeaListRow,
  invitedChallengeIdsOf,
  lifecycleIdeaOf,
  lifecycleViewerOf,
  mayReadScores,
  presentScore,
  type ScoreViewer,
} from "../ideas/ideas.service.ts";
import {
  type CriterionInput,
  type CriterionRow,
  companyCriteria,
  deleteChallengeEvaluator,
  dropEmptyEvaluations,
  dropScoresOutsideSet,
  effectiveCriteria,
  insertChallengeEvaluator,
  isActiveMember,
  listChallengeEvaluators,
  listCriteria,
  listEvaluations,
  recomputeScores,
  replaceCriteria,
  saveEvaluation,
  searchEvaluatorCandidates,
} from "./evaluation.repository.ts";

/** A criterion in the reader's language: a default one's words come from the catalogue until rewritten. */
function presentCriterion(row: CriterionRow, t: Translate): Criterion {
  const preset = row.preset ? DEFAULT_CRITERION_TEXTS[row.preset as DefaultCriterion] : undefined;
  return {
    id: row.id,
    name: preset ? t(preset.name) : row.name,
    description: preset ? t(preset.description) : row.description,
    weight: row.weight,
  };
}

/** Scorecards: the criteria, the evaluators' scores on ideas under review, and who evaluates a challenge. */
export function createEvaluationService({ db }: ServiceDependencies) {
  /** The challenge the set belongs to, seen by the caller (404 otherwise); null for the company's set. */
  async function challengeOfSet(caller: CompanyCaller, challengeId: string | undefined): Promise<string | null> {
    if (challengeId === undefined) return null;
    return (await requireVisibleChallenge(db, caller, challengeId)).id;
  }

  async function criteriaAnswer(caller: CompanyCaller, challengeId: string | null) {
    const t = translatorFor(caller.language);
    const own = challengeId === null ? [] : await listCriteria(db, caller.companyId, challengeId);
    const rows = own.length > 0 ? own : await companyCriteria(db, caller.companyId);
    return {
      criteria: rows.map((row) => presentCriterion(row, t)),
      challenge_id: challengeId,
      own_set: challengeId === null || own.length > 0,
    };
  }

  /** The idea the caller reads or scores: one they see, or one under review of a challenge they evaluate. */
  async function requireIdea(executor: Database, caller: CompanyCaller, ideaId: string, forUpdate = false) {
    const invited = await invitedChallengeIdsOf(executor, caller.companyId, caller.id);
    const row =
      (await findVisibleIdea(executor, caller, ideaId, { forUpdate })) ??
      (await findIdeaUnderEvaluation(executor, caller, ideaId, invited, { forUpdate }));
    if (!row) throw new AppError("idea.not_found");
    return { row, invited: row.challengeId !== null && invited.includes(row.challengeId) };
  }

  function scoreViewerOf(caller: CompanyCaller, row: IdeaListRow, invited: boolean, scoredByMe: boolean): ScoreViewer {
    return { ...lifecycleViewerOf(caller, row), invitedEvaluator: invited, scoredByMe };
  }

  /** The idea's criteria, its score, the caller's scorecard and, once readable, everyone's. */
  async function scoresOf(caller: CompanyCaller, ideaId: string): Promise<IdeaScores> {
    const { row, invited } = await requireIdea(db, caller, ideaId);
    const evaluations = await listEvaluations(db, caller.companyId, ideaId);
    const mine = evaluations.find((evaluation) => evaluation.evaluatorId === caller.id);
    const idea = {
      ...lifecycleIdeaOf(row),
      score: row.score,
      scoreCount: row.scoreCount,
      scoreDisagreement: row.scoreDisagreement,
    };
    const viewer = scoreViewerOf(caller, row, invited, mine !== undefined);
    const score = presentScore(idea, viewer);
    if (!score) throw new AppError("evaluation.scores_hidden");
    const criteria = await effectiveCriteria(db, caller.companyId, row.challengeId);
    const readable = mayReadScores(idea, viewer);
    const t = translatorFor(caller.language);
    return {
      success: true,
      criteria: criteria.map((criterion) => {
        const values = evaluations.flatMap((evaluation) => {
          const value = evaluation.scores[criterion.id];
          return value === undefined ? [] : [value];
        });
        const average = values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
        return {
          ...presentCriterion(criterion, t),
          average: readable && average !== null ? roundScore(average) : null,
          disagreement:
            readable && values.length > 1 && Math.max(...values) - Math.min(...values) >= SCORE_DISAGREEMENT_GAP,
        };
      }),
      score,
      mine: mine ? { scores: mine.scores, note: mine.note } : null,
      // The author reads the result, not who gave what.
      evaluations:
        readable && !viewer.isAuthor
          ? evaluations.map((evaluation) => ({
              evaluator: { id: evaluation.evaluatorId, display_name: evaluation.evaluatorName },
              scores: evaluation.scores,
              note: evaluation.note,
              updated_at: evaluation.updatedAt,
            }))
          : [],
    };
  }

  async function evaluatorsAnswer(caller: CompanyCaller, challengeId: string) {
    const rows = await listChallengeEvaluators(db, caller.companyId, challengeId);
    return { success: true as const, evaluators: rows.map((row) => ({ id: row.id, display_name: row.displayName })) };
  }

  /** The challenge whose evaluators the caller manages: seen (else 404), and theirs or the caller an admin (else 403). */
  async function requireEvaluatorsManager(caller: CompanyCaller, challengeId: string) {
    const challenge = await requireVisibleChallenge(db, caller, challengeId);
    authorize(caller, "challenge.invite_evaluators", { challenge });
    return challenge;
  }

  return {
    async criteria(caller: CompanyCaller, challengeId: string | undefined) {
      const setChallengeId = await challengeOfSet(caller, challengeId);
      authorize(caller, "evaluation.manage");
      return { success: true as const, ...(await criteriaAnswer(caller, setChallengeId)) };
    },

    /**
     * Replaces a set. Criteria keep their scores when they keep their id; every scored idea's
     * stored score is computed again, and a challenge's ideas lose the scores given on criteria
     * their set no longer has.
     */
    async updateCriteria(
      caller: CompanyCaller,
      challengeId: string | undefined,
      input: z.output<typeof UpdateCriteriaRequestSchema>,
    ) {
      const setChallengeId = await challengeOfSet(caller, challengeId);
      authorize(caller, "evaluation.manage");
      if (setChallengeId === null && input.criteria.length === 0) throw new AppError("evaluation.criteria_required");
      const t = translatorFor(caller.language);
      await db.transaction(async (tx) => {
        const current =
          setChallengeId === null
            ? await companyCriteria(tx, caller.companyId)
            : await listCriteria(tx, caller.companyId, setChallengeId);
        const byId = new Map(current.map((row) => [row.id, row]));
        const inputs: CriterionInput[] = input.criteria.map((criterion) => {
          const existing = criterion.id ? byId.get(criterion.id) : undefined;
          if (criterion.id && !existing) throw new AppError("evaluation.criterion_unknown");
          const shown = existing ? presentCriterion(existing, t) : undefined;
          // A default criterion whose words were left as shown keeps speaking every reader's language.
          const keepsPreset =
            existing?.preset && shown?.name === criterion.name && shown.description === criterion.description;
          return { ...criterion, preset: keepsPreset ? (existing?.preset ?? null) : null };
        });
        await replaceCriteria(tx, caller.companyId, setChallengeId, inputs);
        if (setChallengeId !== null) {
          const effective = await effectiveCriteria(tx, caller.companyId, setChallengeId);
          await dropScoresOutsideSet(
            tx,
            caller.companyId,
            setChallengeId,
            effective.map((row) => row.id),
          );
        } else {
          await dropEmptyEvaluations(tx, caller.companyId);
        }
        await recomputeScores(tx, caller.companyId, "scored");
      });
      return { success: true as const, ...(await criteriaAnswer(caller, setChallengeId)) };
    },

    scores: scoresOf,

    /**
     * The caller's scorecard of an idea under review: every criterion of its set from 1 to 5 and
     * an optional note, replacing the one they gave before; the idea's stored score follows in the
     * same transaction.
     */
    async score(caller: CompanyCaller, ideaId: string, input: z.output<typeof ScoreIdeaRequestSchema>) {
      await db.transaction(async (tx) => {
        const { row, invited } = await requireIdea(tx, caller, ideaId, true);
        const viewer = { ...lifecycleViewerOf(caller, row), invitedEvaluator: invited };
        if (!canScoreIdea(lifecycleIdeaOf(row), viewer)) {
          if (viewer.isAuthor) throw new AppError("evaluation.own_idea");
          if (!canScoreIdea({ ...lifecycleIdeaOf(row), status: "under_review" }, viewer)) {
            throw new AppError("evaluation.not_evaluator");
          }
          throw new AppError("evaluation.not_under_review");
        }
        const criteria = await effectiveCriteria(tx, caller.companyId, row.challengeId);
        const given = Object.keys(input.scores);
        const complete =
          given.length === criteria.length && criteria.every((criterion) => input.scores[criterion.id] !== undefined);
        if (!complete) throw new AppError("evaluation.scores_incomplete");
        const note = input.note?.trim() ? input.note.trim() : null;
        await saveEvaluation(
          tx,
          { companyId: caller.companyId, ideaId, evaluatorId: caller.id, note },
          criteria.map((criterion) => ({ criterionId: criterion.id, value: input.scores[criterion.id]! })),
        );
        await recomputeScores(tx, caller.companyId, { ideaId });
      });
      return scoresOf(caller, ideaId);
    },

    async evaluators(caller: CompanyCaller, challengeId: string) {
      await requireEvaluatorsManager(caller, challengeId);
      return evaluatorsAnswer(caller, challengeId);
    },

    /**
     * The evaluator picker's search (whoever manages the challenge's evaluators): a page of the
     * company's active colleagues not invited yet whose name or e-mail contains `q`.
     */
    async candidates(
      caller: CompanyCaller,
      challengeId: string,
      query: z.output<typeof EvaluatorCandidatesQuerySchema>,
    ) {
      await requireEvaluatorsManager(caller, challengeId);
      let after: { name: string; id: string } | null = null;
      if (query.cursor) {
        const [name, id] = decodeCursor(query.cursor, ["text", "uuid"]);
        after = { name, id };
      }
      const limit = EVALUATOR_CANDIDATES_PAGE_SIZE;
      const rows = await searchEvaluatorCandidates(db, caller.companyId, challengeId, {
        q: query.q === "" ? undefined : query.q,
        after,
        limit,
      });
      const page = pageOf(rows, limit);
      return {
        users: page.items.map((row) => ({ id: row.id, display_name: row.displayName })),
        nextCursor: page.nextCursor,
      };
    },

    /** Invites a colleague (anyone active in the company) to evaluate the challenge's ideas under review. */
    async invite(caller: CompanyCaller, challengeId: string, userId: string) {
      await requireEvaluatorsManager(caller, challengeId);
      if (!(await isActiveMember(db, caller.companyId, userId))) throw new AppError("user.not_found");
      await insertChallengeEvaluator(db, { companyId: caller.companyId, challengeId, userId, invitedBy: caller.id });
      return evaluatorsAnswer(caller, challengeId);
    },

    /** Takes an evaluator off the challenge; the scores they gave stay. */
    async remove(caller: CompanyCaller, challengeId: string, userId: string) {
      await requireEvaluatorsManager(caller, challengeId);
      if (!(await deleteChallengeEvaluator(db, caller.companyId, challengeId, userId))) {
        throw new AppError("user.not_found");
      }
      return evaluatorsAnswer(caller, challengeId);
    },
  };
}
