import { REWARD_MESSAGES, type Reward } from "@ideaport/shared";
import { t } from "../../../lib/i18n.ts";

/** "1 point", "20 points". */
export function pointsText(points: number): string {
  return `${points} ${points === 1 ? "point" : "points"}`;
}

/** How many are left: "3 left", "Out of stock", or "Unlimited" when the reward has no stock. */
export function stockText(stock: number | null): string {
  if (stock === null) return "Unlimited";
  return stock <= 0 ? "Out of stock" : `${stock} left`;
}

/** Why a reward cannot be redeemed now, or null when it can. */
export function unavailableReason(reward: Reward, balance: number): string | null {
  if (reward.archived) return "Archived: restore it to let people redeem it.";
  if (reward.stock !== null && reward.stock <= 0) return stockText(reward.stock);
  const missing = reward.cost - balance;
  if (missing > 0) return t(REWARD_MESSAGES.missingPoints, { points: missing });
  return reward.affordable ? null : "Not available right now.";
}
