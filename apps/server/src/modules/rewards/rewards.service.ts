import {
  AppError,
  type CancelRedemptionRequestSchema,
  type CreateRewardRequestSchema,
  REWARD_MESSAGES,
  type Redemption,
  type RedemptionListQuerySchema,
  type Reward,
  type UpdateRewardRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { announceEvent, rewardRedeemedEvent } from "../integrations/integrations.service.ts";
import { companyAdminIds, noticeBy, notifyPeople } from "../notifications/notifications.service.ts";
import { awardPoints, balanceOf, lockSpendingPointsOf, spendPoints } from "../points/points.service.ts";
import { presentRedemption, presentReward } from "./rewards.presenter.ts";
import {
  decidePendingRedemption,
  findRedemption,
  findReward,
  insertRedemption,
  insertReward,
  listRedemptionPage,
  listRewards,
  moveStock,
  type RewardChanges,
  updateReward,
} from "./rewards.repository.ts";

export type RewardsService = ReturnType<typeof createRewardsService>;

/** The ledger rows of a redemption (its spend and its refund) point at it under this type. */
const REDEMPTION_REFERENCE = "reward_redemption";

/** The body of a reward's edit, as its route validated it. */
type RewardEdit = z.output<typeof UpdateRewardRequestSchema>;

/** The body of a redemption's cancellation, as its route validated it. */
type RedemptionCancellation = z.output<typeof CancelRedemptionRequestSchema>;

/**
 * Rewards: a catalogue kept by admins, redeemed with points; redemptions fulfilled or cancelled by
 * admins. Who hears of a redemption hears it as a notification (the bell, and e-mail by their
 * "Reward redemptions" choice).
 */
export function createRewardsService({ db, clock }: ServiceDependencies) {
  /** A reward the caller sees: archived ones only admins; unknown and other companies' answer 404. */
  async function requireVisibleReward(executor: Database, caller: CompanyCaller, rewardId: string, lock = false) {
    const row = await findReward(executor, caller.companyId, rewardId, { lock });
    if (!row || (!row.isActive && !isAllowed(caller, "rewards.manage"))) throw new AppError("reward.not_found");
    return row;
  }

  async function presentRewardById(caller: CompanyCaller, rewardId: string): Promise<Reward> {
    const row = await requireVisibleReward(db, caller, rewardId);
    return presentReward(row, await balanceOf(db, { companyId: caller.companyId, userId: caller.id }));
  }

  /** A redemption of the caller's company, else 404. */
  async function requireRedemption(executor: Database, caller: CompanyCaller, id: string) {
    const row = await findRedemption(executor, caller.companyId, id);
    if (!row) throw new AppError("redemption.not_found");
    return row;
  }

  async function presentRedemptionById(executor: Database, caller: CompanyCaller, id: string): Promise<Redemption> {
    return presentRedemption(await requireRedemption(executor, caller, id));
  }

  /** 404 for another company's redemption, then 403 for non-admins, else its person and reward. */
  async function requireDecidable(caller: CompanyCaller, redemptionId: string) {
    const row = await requireRedemption(db, caller, redemptionId);
    authorize(caller, "redemptions.manage");
    if (row.status !== "pending") throw new AppError("redemption.already_decided");
    return row;
  }

  return {
    /** The caller's balance and the rewards they see, each with whether it is within reach. */
    async list(caller: CompanyCaller): Promise<{ balance: number; rewards: Reward[] }> {
      const balance = await balanceOf(db, { companyId: caller.companyId, userId: caller.id });
      const rows = await listRewards(db, caller.companyId, isAllowed(caller, "rewards.manage"));
      return { balance, rewards: rows.map((row) => presentReward(row, balance)) };
    },

    /** An admin adds a reward to the catalogue. */
    async create(caller: CompanyCaller, input: z.output<typeof CreateRewardRequestSchema>): Promise<Reward> {
      authorize(caller, "rewards.manage");
      const rewardId = await db.transaction(async (tx) => {
        const id = await insertReward(tx, {
          companyId: caller.companyId,
          title: input.title,
          description: input.description,
          cost: input.cost,
          stock: input.stock ?? null,
        });
        await recordCallerAudit(tx, caller, {
          action: "reward.created",
          targetType: "reward",
          targetId: id,
          details: { title: input.title, cost: input.cost, stock: input.stock ?? null },
        });
        return id;
      });
      return presentRewardById(caller, rewardId);
    },

    /** An admin edits a reward, archives it (`archived: true`: hidden from everyone else) or brings it back. */
    async update(caller: CompanyCaller, rewardId: string, input: RewardEdit): Promise<Reward> {
      await db.transaction(async (tx) => {
        const current = await requireVisibleReward(tx, caller, rewardId, true);
        authorize(caller, "rewards.manage");
        const changes: RewardChanges = {
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.cost === undefined ? {} : { cost: input.cost }),
          ...(input.stock === undefined ? {} : { stock: input.stock }),
          ...(input.archived === undefined ? {} : { isActive: !input.archived }),
        };
        await updateReward(tx, caller.companyId, rewardId, changes);
        await recordCallerAudit(tx, caller, {
          action: input.archived === true && current.isActive ? "reward.archived" : "reward.updated",
          targetType: "reward",
          targetId: rewardId,
          details: { title: input.title ?? current.title, changes: Object.keys(input) },
        });
      });
      return presentRewardById(caller, rewardId);
    },

    /**
     * Spends the reward's cost from the caller's balance and takes one from its stock, in one
     * transaction: the person's spending lock makes their redemptions run one after another (the
     * balance read is the balance spent from), the reward's row lock does the same for its stock.
     * The company's admins hear of it (`rewards_redeemed`).
     */
    async redeem(caller: CompanyCaller, rewardId: string): Promise<{ redemption: Redemption; balance: number }> {
      const now = clock();
      return db.transaction(async (tx) => {
        await lockSpendingPointsOf(tx, caller.id);
        const reward = await requireVisibleReward(tx, caller, rewardId, true);
        if (!reward.isActive) throw new AppError("reward.archived");
        if (reward.stock !== null && reward.stock <= 0) throw new AppError("reward.out_of_stock");
        const person = { companyId: caller.companyId, userId: caller.id };
        const balance = await balanceOf(tx, person);
        if (balance < reward.cost) {
          throw new AppError("reward.insufficient_points", {
            message: REWARD_MESSAGES.insufficientPoints,
            values: { points: reward.cost - balance },
          });
        }
        await moveStock(tx, caller.companyId, rewardId, -1);
        const redemptionId = await insertRedemption(tx, {
          companyId: caller.companyId,
          rewardId,
          userId: caller.id,
          cost: reward.cost,
          createdAt: now,
        });
        await spendPoints(tx, {
          ...person,
          // Spending moves no board, whatever team the person is in.
          teamId: null,
          points: reward.cost,
          reason: "reward_redemption",
          referenceType: REDEMPTION_REFERENCE,
          referenceId: redemptionId,
          createdAt: now,
        });
        await notifyPeople(tx, {
          ...noticeBy(caller),
          userIds: await companyAdminIds(tx, caller.companyId),
          type: "rewards_redeemed",
          subjectId: caller.id,
          relatedRewardId: rewardId,
          rewardTitle: reward.title,
        });
        await announceEvent(
          tx,
          rewardRedeemedEvent({
            companyId: caller.companyId,
            redemption: { id: redemptionId, cost: reward.cost },
            reward: { id: rewardId, title: reward.title },
            actor: { id: caller.id, name: caller.displayName },
            at: now,
          }),
        );
        return {
          redemption: await presentRedemptionById(tx, caller, redemptionId),
          balance: balance - reward.cost,
        };
      });
    },

    /** The caller's own redemptions, or (admins, unless they ask for their own) the company's, newest first. */
    async redemptions(
      caller: CompanyCaller,
      query: z.output<typeof RedemptionListQuerySchema>,
    ): Promise<{ redemptions: Redemption[]; nextCursor: string | null }> {
      const page = await listRedemptionPage(db, {
        companyId: caller.companyId,
        userId: isAllowed(caller, "redemptions.manage") && query.mine !== true ? undefined : caller.id,
        status: query.status,
        ...pageAsked(query),
      });
      return { redemptions: page.items.map(presentRedemption), nextCursor: page.nextCursor };
    },

    /** An admin hands a pending redemption over; its person hears of it (`rewards_redeemed`). Final. */
    async fulfil(caller: CompanyCaller, redemptionId: string): Promise<Redemption> {
      const redemption = await requireDecidable(caller, redemptionId);
      return db.transaction(async (tx) => {
        const decided = await decidePendingRedemption(tx, caller.companyId, redemptionId, {
          status: "fulfilled",
          decidedBy: caller.id,
          decidedAt: clock(),
        });
        if (!decided) throw new AppError("redemption.already_decided");
        await notifyPeople(tx, {
          ...decisionNotice(caller, decided, redemption.rewardTitle),
          type: "rewards_redeemed",
        });
        await recordCallerAudit(tx, caller, {
          action: "redemption.fulfilled",
          targetType: "reward_redemption",
          targetId: redemptionId,
          details: { reward_id: decided.rewardId, user_id: decided.userId },
        });
        return presentRedemptionById(tx, caller, redemptionId);
      });
    },

    /**
     * An admin cancels a pending redemption, saying why: the points go back through the ledger (one
     * refund row, never two) and the item back into a limited stock; its person hears of it with
     * the reason (`redemption_cancelled`). Final.
     */
    async cancel(caller: CompanyCaller, redemptionId: string, input: RedemptionCancellation): Promise<Redemption> {
      const redemption = await requireDecidable(caller, redemptionId);
      const now = clock();
      return db.transaction(async (tx) => {
        const decided = await decidePendingRedemption(tx, caller.companyId, redemptionId, {
          status: "cancelled",
          decidedBy: caller.id,
          decidedAt: now,
          cancelReason: input.reason,
        });
        if (!decided) throw new AppError("redemption.already_decided");
        await moveStock(tx, caller.companyId, decided.rewardId, 1);
        await awardPoints(tx, {
          companyId: caller.companyId,
          userId: decided.userId,
          teamId: null,
          reason: "reward_refund",
          points: decided.cost,
          referenceType: REDEMPTION_REFERENCE,
          referenceId: redemptionId,
          createdAt: now,
        });
        await notifyPeople(tx, {
          ...decisionNotice(caller, decided, redemption.rewardTitle),
          type: "redemption_cancelled",
          note: input.reason,
        });
        await recordCallerAudit(tx, caller, {
          action: "redemption.cancelled",
          targetType: "reward_redemption",
          targetId: redemptionId,
          details: { reward_id: decided.rewardId, user_id: decided.userId, refunded: decided.cost },
        });
        return presentRedemptionById(tx, caller, redemptionId);
      });
    },
  };
}

/** The facts of the notice a redemption's person gets of the caller's decision on it. */
function decisionNotice(caller: CompanyCaller, redemption: { userId: string; rewardId: string }, rewardTitle: string) {
  return {
    ...noticeBy(caller),
    userIds: [redemption.userId],
    subjectId: redemption.userId,
    relatedRewardId: redemption.rewardId,
    rewardTitle,
  };
}
