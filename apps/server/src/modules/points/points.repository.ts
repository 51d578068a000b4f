import { and, countDistinct, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { newestFirstPage, preciseTimestamp } from "../../core/keyset.ts";
import { isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  companies,
  ideas,
  type PointReason,
  type PointsRules,
  pointLedger,
  rewardNotices,
  rewardRedemptions,
  rewards,
} from "../../db/schema/index.ts";

/** The points part of a company's settings as stored (`settings.points`), unchecked. */
export async function findConfiguredPointsRules(db: Database, companyId: string): Promise<unknown> {
  const [company] = await db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return company?.settings?.points;
}

/**
 * Appends one ledger row unless the same (user, reason, reference) was paid already: the
 * point_ledger_award_once_unique index turns a repeat into nothing. Answers whether it wrote.
 */
export async function insertLedgerRowOnce(
  db: Database,
  row: {
    companyId: string;
    userId: string;
    teamId: string | null;
    delta: number;
    reason: PointReason;
    referenceType: string;
    referenceId: string;
    createdAt: Date;
  },
): Promise<boolean> {
  const written = await db.insert(pointLedger).values(row).onConflictDoNothing().returning({ id: pointLedger.id });
  return written.length > 0;
}

/** Any fixed number: the first key of the per-person advisory lock around submission points. */
const SUBMISSION_POINTS_LOCK_KEY = 7_311_021;

/** Holds a per-person lock until the open transaction ends, so that person's submissions queue. */
export async function lockSubmissionPointsOf(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SUBMISSION_POINTS_LOCK_KEY}, hashtext(${userId}))`);
}

/**
 * How many ideas earned a person submission or challenge-answer points in [from, to), in their
 * company.
 */
export async function countPaidSubmissions(
  db: Database,
  person: { companyId: string; userId: string },
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ paid: countDistinct(pointLedger.referenceId) })
    .from(pointLedger)
    .where(
      and(
        eq(pointLedger.companyId, person.companyId),
        eq(pointLedger.userId, person.userId),
        inArray(pointLedger.reason, ["submit", "challenge_answer"]),
        eq(pointLedger.referenceType, "idea"),
        gte(pointLedger.createdAt, from),
        lt(pointLedger.createdAt, to),
      ),
    );
  return Number(row?.paid ?? 0);
}

/** A person's spendable balance: the sum of their ledger rows in the company. */
export async function sumBalance(db: Database, person: { companyId: string; userId: string }): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
    .from(pointLedger)
    .where(and(eq(pointLedger.userId, person.userId), eq(pointLedger.companyId, person.companyId)));
  return Number(row?.balance ?? 0);
}

/** Any fixed number: the first key of the per-person advisory lock around spending points. */
const SPENDING_LOCK_KEY = 7_311_022;

/** Holds a per-person lock until the open transaction ends, so that person's spending queues. */
export async function lockSpendingOf(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SPENDING_LOCK_KEY}, hashtext(${userId}))`);
}

export interface LedgerHistoryRow {
  id: string;
  delta: number;
  reason: PointReason;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
  ideaChallengeId: string | null;
  rewardId: string | null;
  sortKey: string;
}

/** A page of a person's ledger rows, newest first, with the idea's challenge and the redeemed reward. */
export async function listLedgerPage(
  db: Database,
  options: { companyId: string; userId: string; cursor?: string; limit: number },
) {
  const query = db
    .select({
      id: pointLedger.id,
      delta: pointLedger.delta,
      reason: pointLedger.reason,
      referenceType: pointLedger.referenceType,
      referenceId: pointLedger.referenceId,
      createdAt: pointLedger.createdAt,
      ideaChallengeId: ideas.challengeId,
      rewardId: rewardRedemptions.rewardId,
      sortKey: preciseTimestamp(pointLedger.createdAt),
    })
    .from(pointLedger)
    .leftJoin(
      ideas,
      and(
        isRowOfCompany(ideas, pointLedger.companyId, pointLedger.referenceId),
        inArray(pointLedger.referenceType, ["idea", "idea_comment", "challenge_reward"]),
      ),
    )
    .leftJoin(
      rewardRedemptions,
      and(
        isRowOfCompany(rewardRedemptions, pointLedger.companyId, pointLedger.referenceId),
        eq(pointLedger.referenceType, "reward_redemption"),
      ),
    )
    .$dynamic();
  const conditions = [eq(pointLedger.userId, options.userId), eq(pointLedger.companyId, options.companyId)];
  return newestFirstPage<LedgerHistoryRow>(query, pointLedger, conditions, options);
}

/** Stores the company's points rules (settings.points), leaving its other settings as they are. */
export async function storePointsRules(db: Database, companyId: string, rules: PointsRules): Promise<void> {
  await db
    .update(companies)
    .set({ settings: sql`jsonb_set(${companies.settings}, '{points}', ${JSON.stringify(rules)}::jsonb, true)` })
    .where(eq(companies.id, companyId));
}

/**
 * After a credit of `delta` points: the available rewards of the company (not archived, in stock)
 * whose cost the person's balance now reaches but did not before, and that nobody told them of
 * yet. Records them as told (reward_notices) and answers their ids and titles; told once per reward.
 */
export async function recordNewlyAffordableRewards(
  db: Database,
  person: { companyId: string; userId: string },
  delta: number,
): Promise<Array<{ rewardId: string; title: string }>> {
  const result = await db.execute<{ reward_id: string; title: string }>(sql`
    with balance as (
      select coalesce(sum(${pointLedger.delta}), 0)::int as points
      from ${pointLedger}
      where ${pointLedger.userId} = ${person.userId} and ${pointLedger.companyId} = ${person.companyId}
    )
    insert into ${rewardNotices} (company_id, user_id, reward_id)
    select ${person.companyId}::uuid, ${person.userId}::uuid, r.id
    from ${rewards} r, balance
    where r.company_id = ${person.companyId}
      and r.is_active
      and (r.stock is null or r.stock > 0)
      and r.cost <= balance.points
      and r.cost > balance.points - ${delta}::int
    on conflict do nothing
    returning reward_id, (select t.title from ${rewards} t where t.id = reward_notices.reward_id) as title`);
  return result.rows.map((row) => ({ rewardId: row.reward_id, title: row.title }));
}
