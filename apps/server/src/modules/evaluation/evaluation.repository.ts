import { DEFAULT_CRITERIA, SCORE_DISAGREEMENT_GAP } from "@ideaport/shared";
import { and, asc, eq, ilike, inArray, isNull, notExists, notInArray, or, type SQL, sql } from "drizzle-orm";
import { isRowOfCompany } from "../../core/rows.ts";
import { escapeLike, isoTimestamp } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import {
  challengeEvaluators,
  companies,
  evaluationCriteria,
  ideaEvaluations,
  ideaScores,
  ideas,
  users,
} from "../../db/schema/index.ts";

/** The weight each default criterion starts with. */
const DEFAULT_WEIGHT = 1;

const criterionColumns = {
  id: evaluationCriteria.id,
  challengeId: evaluationCriteria.challengeId,
  preset: evaluationCriteria.preset,
  name: evaluationCriteria.name,
  description: evaluationCriteria.description,
  weight: evaluationCriteria.weight,
};
export type CriterionRow = {
  id: string;
  challengeId: string | null;
  preset: string | null;
  name: string;
  description: string;
  weight: number;
};

function setCondition(companyId: string, challengeId: string | null): SQL {
  return and(
    eq(evaluationCriteria.companyId, companyId),
    challengeId === null ? isNull(evaluationCriteria.challengeId) : eq(evaluationCriteria.challengeId, challengeId),
  )!;
}

/** The criteria of one set, in order: the company's (challenge null) or a challenge's own (empty when it has none). */
export function listCriteria(db: Database, companyId: string, challengeId: string | null): Promise<CriterionRow[]> {
  return db
    .select(criterionColumns)
    .from(evaluationCriteria)
    .where(setCondition(companyId, challengeId))
    .orderBy(asc(evaluationCriteria.position), asc(evaluationCriteria.id));
}

/**
 * The company's set, made of the defaults (Impact, Confidence, Ease, equally weighted) the first
 * time it is needed. Under the company row's lock, so two first requests make it once.
 */
export async function companyCriteria(db: Database, companyId: string): Promise<CriterionRow[]> {
  const existing = await listCriteria(db, companyId, null);
  if (existing.length > 0) return existing;
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const again = await listCriteria(tx, companyId, null);
    if (again.length > 0) return again;
    await tx.insert(evaluationCriteria).values(
      DEFAULT_CRITERIA.map((preset, position) => ({
        companyId,
        challengeId: null,
        preset,
        name: preset,
        description: "",
        weight: DEFAULT_WEIGHT,
        position,
      })),
    );
    return listCriteria(tx, companyId, null);
  });
}

/** The set an idea of `challengeId` is scored on: the challenge's own, else the company's. */
export async function effectiveCriteria(
  db: Database,
  companyId: string,
  challengeId: string | null,
): Promise<CriterionRow[]> {
  if (challengeId !== null) {
    const own = await listCriteria(db, companyId, challengeId);
    if (own.length > 0) return own;
  }
  return companyCriteria(db, companyId);
}

export interface CriterionInput {
  id?: string;
  name: string;
  description: string;
  weight: number;
  /** Kept when the admin left a default criterion's words as they are. */
  preset: string | null;
}

/**
 * Replaces a set with `inputs`, in order: criteria left out go with their scores, those with an
 * id are changed in place (their scores stay), the others are added.
 */
export async function replaceCriteria(
  tx: Database,
  companyId: string,
  challengeId: string | null,
  inputs: CriterionInput[],
): Promise<void> {
  const keptIds = inputs.flatMap((input) => (input.id ? [input.id] : []));
  await tx
    .delete(evaluationCriteria)
    .where(
      and(
        setCondition(companyId, challengeId),
        keptIds.length > 0 ? notInArray(evaluationCriteria.id, keptIds) : undefined,
      ),
    );
  for (const [position, input] of inputs.entries()) {
    const values = {
      name: input.name,
      description: input.description,
      weight: input.weight,
      preset: input.preset,
      position,
    };
    if (input.id) {
      await tx
        .update(evaluationCriteria)
        .set(values)
        .where(and(setCondition(companyId, challengeId), eq(evaluationCriteria.id, input.id)));
    } else {
      await tx.insert(evaluationCriteria).values({ ...values, companyId, challengeId });
    }
  }
}

/**
 * Drops the scores of a challenge's ideas given on criteria outside `criterionIds` (the set its
 * ideas are scored on now), and the scorecards left without a score.
 */
export async function dropScoresOutsideSet(
  tx: Database,
  companyId: string,
  challengeId: string,
  criterionIds: string[],
): Promise<void> {
  const challengeIdeas = tx
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.companyId, companyId), eq(ideas.challengeId, challengeId)));
  await tx
    .delete(ideaScores)
    .where(
      and(
        eq(ideaScores.companyId, companyId),
        inArray(ideaScores.ideaId, challengeIdeas),
        criterionIds.length > 0 ? notInArray(ideaScores.criterionId, criterionIds) : undefined,
      ),
    );
  await dropEmptyEvaluations(tx, companyId);
}

/** Removes the scorecards whose every score went with its criterion. */
export async function dropEmptyEvaluations(tx: Database, companyId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${ideaEvaluations} e where e.company_id = ${companyId}
      and not exists (select 1 from ${ideaScores} s where s.idea_id = e.idea_id and s.evaluator_id = e.evaluator_id)`);
}

/**
 * Recomputes the stored score of the company's ideas that `scope` picks (one idea, or every idea
 * with a scorecard): the weighted score (sum of weight × average per criterion over the sum of
 * those criteria's weights), how many scored, and whether two evaluators are two or more points
 * apart on a criterion.
 */
export async function recomputeScores(
  tx: Database,
  companyId: string,
  scope: { ideaId: string } | "scored",
): Promise<void> {
  const which =
    scope === "scored"
      ? sql`(i2.score_count > 0 or i2.id in (select idea_id from ${ideaScores} where company_id = ${companyId}))`
      : sql`i2.id = ${scope.ideaId}`;
  await tx.execute(sql`
    update ${ideas} i set
      score = agg.score,
      score_count = coalesce(cnt.n, 0),
      score_disagreement = coalesce(agg.disagreement, false)
    from (select i2.id from ${ideas} i2 where i2.company_id = ${companyId} and ${which}) base
    left join lateral (
      select sum(c.weight * pc.average) / sum(c.weight) as score, bool_or(pc.spread >= ${SCORE_DISAGREEMENT_GAP}) as disagreement
      from (
        select s.criterion_id, avg(s.value) as average, max(s.value) - min(s.value) as spread
        from ${ideaScores} s where s.idea_id = base.id group by s.criterion_id
      ) pc join ${evaluationCriteria} c on c.id = pc.criterion_id
    ) agg on true
    left join lateral (select count(*)::int as n from ${ideaEvaluations} e where e.idea_id = base.id) cnt on true
    where i.id = base.id and i.company_id = ${companyId}`);
}

/** One evaluator's scorecard of an idea, their scores replacing any they gave before. */
export async function saveEvaluation(
  tx: Database,
  evaluation: { companyId: string; ideaId: string; evaluatorId: string; note: string | null },
  scores: Array<{ criterionId: string; value: number }>,
): Promise<void> {
  await tx
    .insert(ideaEvaluations)
    .values(evaluation)
    .onConflictDoUpdate({
      target: [ideaEvaluations.ideaId, ideaEvaluations.evaluatorId],
      set: { note: evaluation.note, updatedAt: sql`now()` },
    });
  await tx
    .delete(ideaScores)
    .where(and(eq(ideaScores.ideaId, evaluation.ideaId), eq(ideaScores.evaluatorId, evaluation.evaluatorId)));
  await tx.insert(ideaScores).values(
    scores.map((score) => ({
      companyId: evaluation.companyId,
      ideaId: evaluation.ideaId,
      evaluatorId: evaluation.evaluatorId,
      criterionId: score.criterionId,
      value: score.value,
    })),
  );
}

/** Every scorecard of an idea with its scores, oldest first. */
export async function listEvaluations(db: Database, companyId: string, ideaId: string) {
  const cards = await db
    .select({
      evaluatorId: ideaEvaluations.evaluatorId,
      evaluatorName: users.displayName,
      note: ideaEvaluations.note,
      updatedAt: isoTimestamp(ideaEvaluations.updatedAt),
    })
    .from(ideaEvaluations)
    .innerJoin(users, eq(users.id, ideaEvaluations.evaluatorId))
    .where(and(eq(ideaEvaluations.companyId, companyId), eq(ideaEvaluations.ideaId, ideaId)))
    .orderBy(asc(ideaEvaluations.createdAt), asc(ideaEvaluations.id));
  const scores = await db
    .select({ evaluatorId: ideaScores.evaluatorId, criterionId: ideaScores.criterionId, value: ideaScores.value })
    .from(ideaScores)
    .where(and(eq(ideaScores.companyId, companyId), eq(ideaScores.ideaId, ideaId)));
  return cards.map((card) => ({
    ...card,
    scores: Object.fromEntries(
      scores.filter((score) => score.evaluatorId === card.evaluatorId).map((score) => [score.criterionId, score.value]),
    ) as Record<string, number>,
  }));
}
export type EvaluationRow = Awaited<ReturnType<typeof listEvaluations>>[number];

/** The evaluators invited to a challenge, by name. */
export function listChallengeEvaluators(db: Database, companyId: string, challengeId: string) {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(challengeEvaluators)
    .innerJoin(users, eq(users.id, challengeEvaluators.userId))
    .where(and(eq(challengeEvaluators.companyId, companyId), eq(challengeEvaluators.challengeId, challengeId)))
    .orderBy(asc(users.displayName), asc(users.id));
}

/** The order of the evaluator picker: by name in any case (the cursor's first field). */
const candidateSortName = sql<string>`lower(${users.displayName})`;

/**
 * One page of the colleagues a challenge's evaluators are picked from: the company's active
 * people not invited yet, whose name or e-mail contains `q`, by name, keyset-paginated after
 * `after`. `limit + 1` rows at most are read (the company's users are reached by users_company_idx).
 */
export function searchEvaluatorCandidates(
  db: Database,
  companyId: string,
  challengeId: string,
  page: { q: string | undefined; after: { name: string; id: string } | null; limit: number },
) {
  const conditions: Array<SQL | undefined> = [
    eq(users.companyId, companyId),
    eq(users.isActive, true),
    isNull(users.erasedAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(challengeEvaluators)
        .where(
          and(
            eq(challengeEvaluators.companyId, companyId),
            eq(challengeEvaluators.challengeId, challengeId),
            eq(challengeEvaluators.userId, users.id),
          ),
        ),
    ),
  ];
  if (page.q) {
    const pattern = `%${escapeLike(page.q)}%`;
    conditions.push(
      or(
        ilike(users.displayName, pattern),
        ilike(users.email, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ),
    );
  }
  if (page.after) {
    conditions.push(sql`(${candidateSortName}, ${users.id}) > (${page.after.name}, ${page.after.id}::uuid)`);
  }
  return db
    .select({ id: users.id, displayName: users.displayName, sortKey: candidateSortName })
    .from(users)
    .where(and(...conditions))
    .orderBy(candidateSortName, asc(users.id))
    .limit(page.limit + 1);
}

/** True when the person is an active member of the company. */
export async function isActiveMember(db: Database, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isRowOfCompany(users, companyId, userId), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** Invites a person to evaluate a challenge (nothing changes when they already are). */
export async function insertChallengeEvaluator(
  db: Database,
  row: { companyId: string; challengeId: string; userId: string; invitedBy: string },
): Promise<void> {
  await db.insert(challengeEvaluators).values(row).onConflictDoNothing();
}

/** Takes a person off a challenge's evaluators; false when they were not one. */
export async function deleteChallengeEvaluator(
  db: Database,
  companyId: string,
  challengeId: string,
  userId: string,
): Promise<boolean> {
  const removed = await db
    .delete(challengeEvaluators)
    .where(
      and(
        eq(challengeEvaluators.companyId, companyId),
        eq(challengeEvaluators.challengeId, challengeId),
        eq(challengeEvaluators.userId, userId),
      ),
    )
    .returning({ id: challengeEvaluators.id });
  return removed.length > 0;
}
