import { and, asc, eq, not, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { newestFirstPage, preciseTimestamp } from "../../core/keyset.ts";
import { findFirst, findRowOfCompany, insertReturningId, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import { increment } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import { type RedemptionStatus, type RewardRow, rewardRedemptions, rewards, users } from "../../db/schema/index.ts";

/** The company's rewards, cheapest first; archived ones only when asked for (admins). */
export async function listRewards(db: Database, companyId: string, includeArchived: boolean): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.companyId, companyId), includeArchived ? undefined : eq(rewards.isActive, true)))
    .orderBy(not(rewards.isActive), asc(rewards.cost), asc(rewards.title), asc(rewards.id));
}

/**
 * One reward of the company, or undefined (unknown or another company's). With `lock`, the row is
 * locked until the transaction ends (redeeming takes from its stock).
 */
export async function findReward(
  db: Database,
  companyId: string,
  rewardId: string,
  options: { lock?: boolean } = {},
): Promise<RewardRow | undefined> {
  return (await findRowOfCompany(db, rewards, companyId, rewardId, { forUpdate: options.lock })) ?? undefined;
}

export type NewReward = Pick<typeof rewards.$inferInsert, "companyId" | "title" | "description" | "cost" | "stock">;

export async function insertReward(db: Database, reward: NewReward): Promise<string> {
  return insertReturningId(db, rewards, reward);
}

export type RewardChanges = Partial<
  Pick<typeof rewards.$inferInsert, "title" | "description" | "cost" | "stock" | "isActive">
>;

export async function updateReward(
  db: Database,
  companyId: string,
  rewardId: string,
  changes: RewardChanges,
): Promise<void> {
  await updateRowOfCompany(db, rewards, companyId, rewardId, changes);
}

/** Adds `by` (negative: takes) to a limited stock; an unlimited one stays unlimited. */
export async function moveStock(db: Database, companyId: string, rewardId: string, by: number): Promise<void> {
  await db
    .update(rewards)
    .set({ stock: increment(rewards.stock, by) })
    .where(and(isRowOfCompany(rewards, companyId, rewardId), sql`${rewards.stock} is not null`));
}

export async function insertRedemption(
  db: Database,
  redemption: { companyId: string; rewardId: string; userId: string; cost: number; createdAt: Date },
): Promise<string> {
  return insertReturningId(db, rewardRedemptions, redemption);
}

const decider = alias(users, "decider");

export interface RedemptionRow {
  id: string;
  companyId: string;
  rewardId: string;
  rewardTitle: string;
  userId: string;
  userName: string;
  cost: number;
  status: RedemptionStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedByName: string | null;
  cancelReason: string | null;
  sortKey: string;
}

function selectRedemptions(db: Database) {
  return db
    .select({
      id: rewardRedemptions.id,
      companyId: rewardRedemptions.companyId,
      rewardId: rewardRedemptions.rewardId,
      rewardTitle: rewards.title,
      userId: rewardRedemptions.userId,
      userName: users.displayName,
      cost: rewardRedemptions.cost,
      status: rewardRedemptions.status,
      createdAt: rewardRedemptions.createdAt,
      decidedAt: rewardRedemptions.decidedAt,
      decidedByName: decider.displayName,
      cancelReason: rewardRedemptions.cancelReason,
      sortKey: preciseTimestamp(rewardRedemptions.createdAt),
    })
    .from(rewardRedemptions)
    .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
    .innerJoin(users, eq(users.id, rewardRedemptions.userId))
    .leftJoin(decider, eq(decider.id, rewardRedemptions.decidedBy))
    .$dynamic();
}

/** One redemption of the company, or undefined (unknown or another company's). */
export async function findRedemption(
  db: Database,
  companyId: string,
  redemptionId: string,
): Promise<RedemptionRow | undefined> {
  return findFirst(selectRedemptions(db), isRowOfCompany(rewardRedemptions, companyId, redemptionId));
}

/** A page of the company's redemptions (one person's, with `userId`), newest first. */
export async function listRedemptionPage(
  db: Database,
  options: { companyId: string; userId?: string; status?: RedemptionStatus; cursor?: string; limit: number },
) {
  const conditions = [
    eq(rewardRedemptions.companyId, options.companyId),
    options.userId ? eq(rewardRedemptions.userId, options.userId) : undefined,
    options.status ? eq(rewardRedemptions.status, options.status) : undefined,
  ];
  return newestFirstPage<RedemptionRow>(selectRedemptions(db), rewardRedemptions, conditions, options);
}

/**
 * Decides a pending redemption: fulfilled or cancelled. Answers the redemption's person, reward and
 * cost, or undefined when it was no longer pending (decided before, or by someone at the same time).
 */
export async function decidePendingRedemption(
  db: Database,
  companyId: string,
  redemptionId: string,
  decision: {
    status: Exclude<RedemptionStatus, "pending">;
    decidedBy: string;
    decidedAt: Date;
    /** Why it was cancelled (a cancellation only). */
    cancelReason?: string;
  },
): Promise<{ userId: string; rewardId: string; cost: number } | undefined> {
  const [row] = await db
    .update(rewardRedemptions)
    .set(decision)
    .where(and(isRowOfCompany(rewardRedemptions, companyId, redemptionId), eq(rewardRedemptions.status, "pending")))
    .returning({
      userId: rewardRedemptions.userId,
      rewardId: rewardRedemptions.rewardId,
      cost: rewardRedemptions.cost,
    });
  return row;
}
