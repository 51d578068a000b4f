import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, DEFAULT_POINTS_RULES, type PointReason, type PointsRules, pointLedger } from "../../db/schema.ts";

/** The company's points rules (settings.points), each missing or invalid rule at its default. */
export async function pointsRulesOf(db: Database, companyId: string): Promise<PointsRules> {
  const [company] = await db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const configured = (company?.settings?.points ?? {}) as Partial<Record<keyof PointsRules, unknown>>;
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
  const written = await db
    .insert(pointLedger)
    .values({
      companyId: award.companyId,
      userId: award.userId,
      teamId: award.teamId,
      delta: award.points,
      reason: award.reason,
      referenceType: award.referenceType,
      referenceId: award.referenceId,
      createdAt: award.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: pointLedger.id });
  return written.length > 0;
}
