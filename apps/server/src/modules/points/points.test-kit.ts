/** Test helpers of the points module: points earned without the feature that would pay them. */
import type { Database } from "../../db/client.ts";
import { awardPoints } from "./points.service.ts";

let grant = 0;

/**
 * Credits `points` to `person` (in `teamId`, none by default) at `at`, through the ledger step
 * every feature uses: an adjustment with a reference of its own, so each grant counts.
 */
export async function grantPoints(
  db: Database,
  person: { id: string; companyId: string | null },
  points: number,
  { at, teamId = null }: { at: Date; teamId?: string | null },
): Promise<void> {
  grant += 1;
  await awardPoints(db, {
    companyId: person.companyId!,
    userId: person.id,
    teamId,
    reason: "adjustment",
    points,
    referenceType: "test_grant",
    referenceId: `00000000-0000-4000-8000-${String(grant).padStart(12, "0")}`,
    createdAt: at,
  });
}
