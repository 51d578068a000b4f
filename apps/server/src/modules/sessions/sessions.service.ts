import { AppError, type Session } from "@ideaport/shared";
import type { Caller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { listSessionsOf, revokeOtherSessionsOf, revokeSessionOf } from "../auth/auth.service.ts";
import { presentSession } from "./sessions.presenter.ts";

export { presentSession } from "./sessions.presenter.ts";

/**
 * A person's own signed-in devices (refresh-token families): listing them and signing them out.
 * Only ever the caller's: another person's session id is not found, like any record one cannot see.
 */
export function createSessionsService({ db, clock }: ServiceDependencies) {
  return {
    /** The caller's live sessions, the most recently active first, the asking device's marked current. */
    async list(caller: Caller, currentSessionId: string | null): Promise<Session[]> {
      const sessions = await listSessionsOf(db, caller.id, clock());
      return sessions.map((session) => presentSession(session, currentSessionId));
    },

    /** Signs one of the caller's devices out (its next refresh is refused); 404 when it is not theirs or already ended. */
    async signOut(caller: Caller, sessionId: string): Promise<void> {
      if (!(await revokeSessionOf(db, caller.id, sessionId, clock()))) throw new AppError("session.not_found");
    },

    /** Signs the caller out on every device but the asking one; answers how many sessions ended. */
    async signOutEverywhereElse(caller: Caller, currentSessionId: string | null): Promise<number> {
      return revokeOtherSessionsOf(db, caller.id, currentSessionId, clock());
    },
  };
}
