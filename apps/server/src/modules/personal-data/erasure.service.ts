import {
  AppError,
  ERASED_PERSON_MESSAGES,
  type EraseAccountRequest,
  FRESH_SSO_SIGN_IN_SECONDS,
  SOURCE_LANGUAGE,
} from "@ideaport/shared";
import { authorize, type Caller, companyIdOf } from "../../core/caller.ts";
import { companyLanguageOf } from "../../core/languages.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { revokeAllSessionsOfUser, signedInWithSsoSince } from "../auth/auth.service.ts";
import {
  lockLeavingCompanyUser,
  removeFromAllTeams,
  requireCompanyUser,
  requireCurrentPassword,
  setPersonActive,
} from "../settings/settings.service.ts";
import { anonymizeAccount, deletePersonalRows, renameActorInNotifications } from "./erasure.repository.ts";

/**
 * Whether the asking session proves by itself who the person is, so that deleting their account
 * needs no password typed again: it began with a sign-in through the company's identity provider
 * at most `FRESH_SSO_SIGN_IN_SECONDS` ago. After a password sign-in the person types it once more.
 */
async function mayEraseWithoutPassword(
  db: Database,
  caller: Caller,
  sessionId: string | null,
  now: Date,
): Promise<boolean> {
  const since = await signedInWithSsoSince(db, { userId: caller.id, sessionId }, now);
  return since !== null && now.getTime() - since.getTime() <= FRESH_SSO_SIGN_IN_SECONDS * 1000;
}

/** The person being erased, as the erasure reads them before it changes anything. */
interface ErasedPerson {
  id: string;
  email: string;
  displayName: string;
  companyId: string | null;
}

/**
 * "Delete my account" and an administrator's erasure of a person: the rule is written in
 * docs/decisions.md ("Erasing a person"). Everything happens in one transaction: the person is
 * deactivated the way an administrator deactivates anyone (sessions revoked, live streams closed
 * on commit), their own rows are deleted, their account row is made anonymous and named "Former
 * colleague" in their company's language, and the erasure is audited.
 */
export function createErasureService({ db, clock }: ServiceDependencies) {
  async function erase(tx: Database, actor: Caller, person: ErasedPerson, erasedBy: "self" | "admin") {
    const now = clock();
    const { companyId } = person;
    const language = companyId ? await companyLanguageOf(tx, companyId) : SOURCE_LANGUAGE;
    const formerName = translatorFor(language)(ERASED_PERSON_MESSAGES.formerColleague);

    if (companyId) {
      await setPersonActive(tx, companyId, person.id, false, now);
      // No team lists them any more; their ideas and points keep the team they were made in.
      await removeFromAllTeams(tx, companyId, person.id);
    } else {
      await revokeAllSessionsOfUser(tx, person.id, now);
    }
    await renameActorInNotifications(tx, person.id, formerName, person.displayName);
    await deletePersonalRows(tx, person.id, person.email);
    await anonymizeAccount(tx, person.id, formerName, now);
    if (companyId) {
      await recordAudit(tx, {
        companyId,
        actorId: actor.id,
        action: "user.erased",
        targetType: "user",
        targetId: person.id,
        details: { by: erasedBy },
        ipAddress: actor.address ?? null,
      });
    }
  }

  /** The person `userId` of the company, locked, when they may be erased (see `lockLeavingCompanyUser`). */
  async function lockErasable(tx: Database, companyId: string, userId: string): Promise<ErasedPerson> {
    const user = await lockLeavingCompanyUser(tx, companyId, userId);
    return { id: user.id, email: user.email, displayName: user.displayName, companyId };
  }

  return {
    /**
     * "Delete my account": the caller's current password is asked first, unless their session
     * proves who they are by itself. A wrong password changes nothing.
     */
    async eraseOwnAccount(caller: Caller, sessionId: string | null, request: EraseAccountRequest): Promise<void> {
      if (!(await mayEraseWithoutPassword(db, caller, sessionId, clock()))) {
        await requireCurrentPassword(db, caller.id, request.password ?? "", "password");
      }
      await db.transaction(async (tx) => {
        const person = caller.companyId
          ? await lockErasable(tx, caller.companyId, caller.id)
          : { id: caller.id, email: caller.email, displayName: caller.displayName, companyId: null };
        await erase(tx, caller, person, "self");
      });
    },

    /**
     * An administrator erases a person of their company. Someone outside it is not found,
     * whoever asks; administrators delete their own account with "Delete my account".
     */
    async eraseCompanyUser(caller: Caller, userId: string): Promise<void> {
      const companyId = companyIdOf(caller);
      await requireCompanyUser(db, companyId, userId);
      authorize(caller, "company.users.manage");
      if (userId === caller.id) throw new AppError("user.erase_self");
      await db.transaction(async (tx) => {
        await erase(tx, caller, await lockErasable(tx, companyId, userId), "admin");
      });
    },
  };
}
