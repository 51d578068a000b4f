import { REWARD_MESSAGES, type Reward } from "@ideaport/shared";
import { t } from "../../../lib/i18n.ts";
import { REWARDS_MESSAGES } from "../company-portal.texts.ts";

/** How many are left: "3 left", "Out of stock", or "Unlimited" when the reward has no stock. */
export function stockText(stock: number | null): string {
  if (stock === null) return t(REWARDS_MESSAGES.unlimited);
  return stock <= 0 ? t(REWARDS_MESSAGES.outOfStock) : t(REWARDS_MESSAGES.left, { stock });
}

/** Why a reward cannot be redeemed now, or null when it can. */
export function unavailableReason(reward: Reward, balance: number): string | null {
  if (reward.archived) return t(REWARDS_MESSAGES.archivedReason);
  if (reward.stock !== null && reward.stock <= 0) return stockText(reward.stock);
  const missing = reward.cost - balance;
  if (missing > 0) return t(REWARD_MESSAGES.missingPoints, { points: missing });
  return reward.affordable ? null : t(REWARDS_MESSAGES.notAvailable);
}
