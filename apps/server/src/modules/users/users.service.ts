import { AppError, type OnboardingStatus, type User } from "@ideaport/shared";
import { type Caller, loadCaller } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import { presentUser } from "./users.presenter.ts";
import { findDisplayNameInCompany, setOnboardingStatus } from "./users.repository.ts";

// How a user is shown: other modules (sign-in, settings) answer users and logins in these shapes.
export { presentColleague, presentUser } from "./users.presenter.ts";

/** The signed-in user's own record: reading it, a colleague's name, the onboarding status. */
export function createUsersService(deps: { db: Database }) {
  const { db } = deps;

  return {
    /** The caller as the API shows a user. */
    current(caller: Caller): User {
      return presentUser(caller);
    },

    /**
     * The display name of a user of the caller's company; anyone else (another company, an
     * unknown or malformed id) is a 404, and a caller without a company sees only themself.
     */
    async displayNameOf(caller: Caller, userId: string): Promise<{ display_name: string }> {
      if (userId === caller.id) return { display_name: caller.displayName };
      if (!caller.companyId) throw new AppError("request.not_found");
      const displayName = await findDisplayNameInCompany(db, caller.companyId, userId);
      if (displayName === null) throw new AppError("request.not_found");
      return { display_name: displayName };
    },

    /**
     * Saves the caller's onboarding status; the shared schema has already refused any value outside
     * the known statuses (awaiting_initial_tour ... admin_overlay_completed).
     */
    async updateOnboardingStatus(caller: Caller, status: OnboardingStatus): Promise<User> {
      await setOnboardingStatus(db, caller.id, status);
      const updated = await loadCaller(db, caller.id);
      if (!updated) throw new AppError("auth.token_invalid");
      return presentUser(updated);
    },
  };
}
