/** Rewards, their redemptions and the notices that a reward is within reach. */
import type { RedemptionStatus } from "@ideaport/shared";
import { REDEMPTION_STATUSES } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, descending, instant, isOneOf, ofSameCompany, timestamps } from "./columns.ts";
import { companyKeys, ownerId, users } from "./companies.ts";

export const rewards = pgTable(
  "rewards",
  {
    ...companyKeys(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    cost: integer("cost").notNull(),
    /** Null means unlimited. */
    stock: integer("stock"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    index("rewards_company_active_cost_idx").on(table.companyId, table.isActive, table.cost),
    unique("rewards_id_company_unique").on(table.id, table.companyId),
    check("rewards_cost_check", sql`${table.cost} > 0`),
    check("rewards_stock_check", sql`${table.stock} is null or ${table.stock} >= 0`),
  ],
);

export const rewardRedemptions = pgTable(
  "reward_redemptions",
  {
    ...companyKeys(),
    rewardId: uuid("reward_id").notNull(),
    userId: ownerId(),
    /** The price paid, which the reward's cost may later change from. */
    cost: integer("cost").notNull(),
    /** pending until an admin fulfils or cancels it (cancelling refunds the points); both are final. */
    status: text("status").$type<RedemptionStatus>().notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    /** Why an administrator cancelled it (asked since cancelling asks for a reason). */
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    index("reward_redemptions_company_created_idx").on(table.companyId, descending(table.createdAt)),
    check("reward_redemptions_status_check", isOneOf(table.status, REDEMPTION_STATUSES)),
    index("reward_redemptions_user_created_idx").on(table.userId, descending(table.createdAt)),
    ofSameCompany("reward_redemptions_reward_fk", table.rewardId, table.companyId, rewards),
    check("reward_redemptions_cost_check", sql`${table.cost} > 0`),
  ],
);

/**
 * The rewards a person was told they can afford (`rewards_available`): once per reward and person,
 * however often their balance rises past its cost again.
 */
export const rewardNotices = pgTable(
  "reward_notices",
  {
    ...companyKeys(),
    userId: ownerId(),
    rewardId: uuid("reward_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("reward_notices_user_reward_unique").on(table.userId, table.rewardId),
    ofSameCompany("reward_notices_reward_fk", table.rewardId, table.companyId, rewards).onDelete("cascade"),
  ],
);

export type RewardRow = typeof rewards.$inferSelect;
export type RewardRedemptionRow = typeof rewardRedemptions.$inferSelect;
export type RewardNoticeRow = typeof rewardNotices.$inferSelect;
