import type { Redemption, Reward } from "@ideaport/shared";
import type { RewardRow } from "../../db/schema/index.ts";
import type { RedemptionRow } from "./rewards.repository.ts";

/** Not archived and in stock (an unlimited stock never runs out). */
export function isRewardAvailable(row: Pick<RewardRow, "isActive" | "stock">): boolean {
  return row.isActive && (row.stock === null || row.stock > 0);
}

/** A reward as the API answers it, with whether the caller's balance reaches it. */
export function presentReward(row: RewardRow, balance: number): Reward {
  const available = isRewardAvailable(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cost: row.cost,
    stock: row.stock,
    available,
    affordable: available && balance >= row.cost,
    archived: !row.isActive,
  };
}

export function presentRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    reward_id: row.rewardId,
    reward_title: row.rewardTitle,
    user_id: row.userId,
    user_name: row.userName,
    cost: row.cost,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by_name: row.decidedByName,
    cancel_reason: row.status === "cancelled" ? row.cancelReason : null,
  };
}
