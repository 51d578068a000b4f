import type { OnboardingStatus } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** The display name of a user of the company, or null when no such user belongs to it. */
export async function findDisplayNameInCompany(
  db: Database,
  companyId: string,
  userId: string,
): Promise<string | null> {
  const [user] = await db
    .select({ displayName: users.displayName })
    .from(users)
    .where(isRowOfCompany(users, companyId, userId));
  return user?.displayName ?? null;
}

/** Saves a user's onboarding status. */
export async function setOnboardingStatus(db: Database, userId: string, status: OnboardingStatus): Promise<void> {
  await db.update(users).set({ onboardingStatus: status }).where(eq(users.id, userId));
}
