import { AppError, type OnboardingStatus, type User } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { loadPrincipal, type Principal } from "./principal.ts";
import { presentUser } from "./users.presenter.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user's own record: reading it, a colleague's name, the onboarding status. */
export function createUsersService(deps: { db: Database }) {
  const { db } = deps;

  return {
    /**
     * The display name of a user of the caller's company; anyone else (another company, an
     * unknown or malformed id) is a 404, and a caller without a company sees only themself.
     */
    async displayNameOf(caller: Principal, userId: string): Promise<{ display_name: string }> {
      if (!UUID_PATTERN.test(userId)) throw new AppError("request.not_found");
      if (userId === caller.id) return { display_name: caller.displayName };
      if (!caller.companyId) throw new AppError("request.not_found");
      const [user] = await db
        .select({ displayName: users.displayName, companyId: users.companyId })
        .from(users)
        .where(eq(users.id, userId));
      if (!user || user.companyId !== caller.companyId) throw new AppError("request.not_found");
      return { display_name: user.displayName };
    },

    /** Saves the caller's onboarding status (validated against spec section 4 by the schema). */
    async updateOnboardingStatus(caller: Principal, status: OnboardingStatus): Promise<User> {
      await db.update(users).set({ onboardingStatus: status }).where(eq(users.id, caller.id));
      const principal = await loadPrincipal(db, caller.id);
      if (!principal) throw new AppError("auth.token_invalid");
      return presentUser(principal);
    },
  };
}
