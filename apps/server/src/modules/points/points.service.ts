/**
 * Points: an append-only ledger of what people earned, by the company's rules. The module has no
 * caller-driven operation; other features run these steps inside their own transaction.
 */
import { PAID_SUBMISSIONS_PER_DAY } from "@ideaport/shared";
import type { Database } from "../../db/client.ts";
import { DEFAULT_POINTS_RULES, type PointReason, type PointsRules } from "../../db/schema.ts";
import {
  countPaidSubmissions,
  findConfiguredPointsRules,
  insertLedgerRowOnce,
  lockSubmissionPointsOf,
} from "./points.repository.ts";

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
 * zero writes nothing. Answers whether a row was written.
 */
export async function awardPoints(db: Database, award: Award): Promise<boolean> {
  if (award.points === 0) return false;
  return insertLedgerRowOnce(db, {
    companyId: award.companyId,
    userId: award.userId,
    teamId: award.teamId,
    delta: award.points,
    reason: award.reason,
    referenceType: award.referenceType,
    referenceId: award.referenceId,
    createdAt: award.createdAt,
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
