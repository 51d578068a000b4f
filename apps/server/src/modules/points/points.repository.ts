import { and, countDistinct, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, type PointReason, pointLedger } from "../../db/schema.ts";

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
