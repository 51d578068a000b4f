/**
 * Points: an append-only ledger of what people earned and spent, by the company's rules. The
 * service answers a person's balance and history and lets admins change the rules; other features
 * run the steps below (`awardPoints`, `spendPoints`...) inside their own transaction.
 */
import {
  type MyPointsQuerySchema,
  PAID_SUBMISSIONS_PER_DAY,
  type PointHistoryEntry,
  type PointsRulesAnswer,
  type UpdatePointsRulesRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { DEFAULT_POINTS_RULES, type PointReason, type PointsRules } from "../../db/schema/index.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { noticeToPerson, notifyPeople } from "../notifications/notifications.service.ts";
import { presentHistoryEntry, presentRules } from "./points.presenter.ts";
import {
  countPaidSubmissions,
  findConfiguredPointsRules,
  insertLedgerRowOnce,
  listLedgerPage,
  lockSpendingOf,
  lockSubmissionPointsOf,
  recordNewlyAffordableRewards,
  storePointsRules,
  sumBalance,
} from "./points.repository.ts";

export type PointsService = ReturnType<typeof createPointsService>;

/** A person's balance and history; the company's points rules. */
export function createPointsService({ db }: ServiceDependencies) {
  return {
    /** The caller's balance and a page of their ledger, newest first. */
    async mine(
      caller: CompanyCaller,
      query: z.output<typeof MyPointsQuerySchema>,
    ): Promise<{ balance: number; history: PointHistoryEntry[]; nextCursor: string | null }> {
      const person = { companyId: caller.companyId, userId: caller.id };
      const page = await listLedgerPage(db, {
        ...person,
        ...pageAsked(query),
      });
      return {
        balance: await sumBalance(db, person),
        history: page.items.map(presentHistoryEntry),
        nextCursor: page.nextCursor,
      };
    },

    /** The company's points rules: every member may read how points are earned; admins change them. */
    async rules(caller: CompanyCaller): Promise<PointsRulesAnswer> {
      return presentRules(await pointsRulesOf(db, caller.companyId));
    },

    /** An admin changes rules; what was paid stays paid, new events earn by the new rules. */
    async updateRules(
      caller: CompanyCaller,
      input: z.output<typeof UpdatePointsRulesRequestSchema>,
    ): Promise<PointsRulesAnswer> {
      authorize(caller, "points_rules.manage");
      return db.transaction(async (tx) => {
        const rules = await pointsRulesOf(tx, caller.companyId);
        for (const key of Object.keys(rules) as Array<keyof PointsRules>) {
          const value = input[key];
          if (value !== undefined) rules[key] = value;
        }
        await storePointsRules(tx, caller.companyId, rules);
        await recordCallerAudit(tx, caller, {
          action: "company.points_rules_changed",
          targetType: "company",
          targetId: caller.companyId,
          details: { ...input },
        });
        return presentRules(rules);
      });
    },
  };
}

/** The company's points rules (settings.points), each missing or invalid rule at its default. */
export async function pointsRulesOf(db: Database, companyId: string): Promise<PointsRules> {
  const configured = ((await findConfiguredPointsRules(db, companyId)) ?? {}) as Partial<
    Record<keyof PointsRules, unknown>
  >;
  const rules = { ...DEFAULT_POINTS_RULES };
  for (const key of Object.keys(rules) as Array<keyof PointsRules>) {
    const value = configured[key];
    if (typeof value === "number" && Number.isInteger(value)) rules[key] = value;
  }
  return rules;
}

export interface Award {
  companyId: string;
  userId: string;
  /** The team at the time of the award (team leaderboards); null when the person has none. */
  teamId: string | null;
  reason: PointReason;
  points: number;
  /** What earned them: "idea", "idea_comment", "challenge_reward"... */
  referenceType: string;
  referenceId: string;
  createdAt: Date;
}

/**
 * Appends one ledger row, inside the caller's transaction. The same (user, reason, reference)
 * pays once: the point_ledger_award_once_unique index turns a repeat into nothing. A rule worth
 * zero writes nothing. Answers whether a row was written. Every credit goes through here, so
 * this is where a person first hears that they can afford a reward (`rewards_available`).
 */
export async function awardPoints(db: Database, award: Award): Promise<boolean> {
  if (award.points === 0) return false;
  const written = await insertLedgerRowOnce(db, {
    companyId: award.companyId,
    userId: award.userId,
    teamId: award.teamId,
    delta: award.points,
    reason: award.reason,
    referenceType: award.referenceType,
    referenceId: award.referenceId,
    createdAt: award.createdAt,
  });
  if (written && award.points > 0) await tellOfAffordableRewards(db, award);
  return written;
}

/**
 * `rewards_available`, once per reward and person: to a person whose balance has just reached the
 * cost of an available reward it did not reach before the credit.
 */
async function tellOfAffordableRewards(db: Database, award: Award): Promise<void> {
  const person = { companyId: award.companyId, userId: award.userId };
  const reached = await recordNewlyAffordableRewards(db, person, award.points);
  if (reached.length === 0) return;
  // One notice however many rewards came within reach at once: it names the reward when there is
  // one, and says "a reward" when there are several.
  const only = reached.length === 1 ? reached[0] : undefined;
  await notifyPeople(db, {
    ...noticeToPerson(award.companyId, award.userId),
    type: "rewards_available",
    relatedRewardId: only?.rewardId ?? null,
    rewardTitle: only?.title ?? null,
  });
}

/** A person's spendable balance (the sum of their ledger). Runs in the caller's transaction. */
export function balanceOf(db: Database, person: { companyId: string; userId: string }): Promise<number> {
  return sumBalance(db, person);
}

/**
 * Holds the person's spending lock until the caller's transaction ends: take it before reading the
 * balance that a spend depends on, so spends by one person run one after another and the balance
 * read is the balance spent from.
 */
export function lockSpendingPointsOf(db: Database, userId: string): Promise<void> {
  return lockSpendingOf(db, userId);
}

export interface Spend {
  companyId: string;
  userId: string;
  teamId: string | null;
  points: number;
  reason: Extract<PointReason, "reward_redemption">;
  referenceType: string;
  referenceId: string;
  createdAt: Date;
}

/**
 * Takes points off a person's balance (one negative ledger row) inside the caller's transaction;
 * the caller holds the spending lock and checked the balance. Answers whether it wrote.
 */
export function spendPoints(db: Database, spend: Spend): Promise<boolean> {
  return insertLedgerRowOnce(db, {
    companyId: spend.companyId,
    userId: spend.userId,
    teamId: spend.teamId,
    delta: -spend.points,
    reason: spend.reason,
    referenceType: spend.referenceType,
    referenceId: spend.referenceId,
    createdAt: spend.createdAt,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a submission made at `now` still earns its points: a person is paid for at most
 * PAID_SUBMISSIONS_PER_DAY submissions per UTC day, counted from the ledger (ideas that earned
 * submit or challenge-answer points that day). Takes a per-person lock until the caller's
 * transaction ends, so submissions sent at once are counted one after another, never past the cap.
 */
export async function isSubmissionPaid(
  db: Database,
  person: { companyId: string; userId: string },
  now: Date,
): Promise<boolean> {
  await lockSubmissionPointsOf(db, person.userId);
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const paid = await countPaidSubmissions(db, person, dayStart, new Date(dayStart.getTime() + DAY_MS));
  return paid < PAID_SUBMISSIONS_PER_DAY;
}
