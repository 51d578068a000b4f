import { AppError, PASSWORD_RESET_TTL_SECONDS } from "@ideaport/shared";
import type { Config } from "../../config/env.ts";
import { languageOf } from "../../core/languages.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { hashPassword } from "../../lib/password.ts";
import { createSecretToken, hashSecretToken } from "../../lib/secret-token.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { enqueueMail, type MailLogger } from "../mail/mail.service.ts";
import { passwordChangedMail, passwordResetMail } from "./auth.mails.ts";
import {
  deleteResetTokensOfUser,
  deleteUnusedResetTokensOfUser,
  findActiveUserByEmail,
  findLiveResetToken,
  insertResetToken,
  lockLiveResetToken,
  markResetTokenUsed,
  setPasswordHash,
} from "./auth.repository.ts";
import { normalizeEmail, revokeAllSessionsOfUser } from "./auth.service.ts";

export interface PasswordResetServiceDependencies extends ServiceDependencies {
  config: Pick<Config, "appUrl">;
  logger: Pick<MailLogger, "error">;
}

/** Password reset by an e-mailed, single-use link that lives one hour. */
export function createPasswordResetService(deps: PasswordResetServiceDependencies) {
  const { db, clock } = deps;
  const inBackground = new Set<Promise<void>>();

  /** The live token row of a link, or null when unknown, used or expired. */
  async function findLiveToken(token: string) {
    return findLiveResetToken(db, hashSecretToken(token), clock());
  }

  /**
   * E-mails a reset link when the address belongs to an active account. Older links of that
   * account stop working. Unknown addresses do nothing.
   */
  async function sendResetLink(email: string): Promise<void> {
    const now = clock();
    const user = await findActiveUserByEmail(db, normalizeEmail(email));
    if (!user) return;
    const token = createSecretToken();
    await db.transaction(async (tx) => {
      await deleteResetTokensOfUser(tx, user.id);
      await insertResetToken(tx, {
        userId: user.id,
        tokenHash: hashSecretToken(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000),
        createdAt: now,
      });
      const url = `${deps.config.appUrl}/password-reset/${encodeURIComponent(token)}`;
      await enqueueMail(
        tx,
        passwordResetMail(user.email, user.firstName, url, translatorFor(await languageOf(tx, user.id))),
      );
    });
  }

  return {
    /**
     * Starts sending a reset link and returns at once: the answer, and its timing, are the same
     * whether or not the address has an account.
     */
    requestReset(email: string): void {
      const task = sendResetLink(email)
        .catch((error: unknown) => deps.logger.error({ err: error }, "password reset request failed"))
        .finally(() => inBackground.delete(task));
      inBackground.add(task);
    },

    /** Sends the link and waits (tests, scripts). */
    sendResetLink,

    /** Throws `password_reset.token_invalid` unless the link is live. */
    async checkToken(token: string): Promise<void> {
      if (!(await findLiveToken(token))) throw new AppError("password_reset.token_invalid");
    },

    /**
     * Sets the new password, uses up the link and every other link of the account, signs the
     * account out everywhere, records the change and tells the owner by e-mail.
     */
    async completeReset(token: string, password: string): Promise<void> {
      if (!(await findLiveToken(token))) throw new AppError("password_reset.token_invalid");
      const passwordHash = await hashPassword(password);
      const now = clock();
      const user = await db.transaction(async (tx) => {
        // Re-read under a lock: of two concurrent completions only one may use the link.
        const row = await lockLiveResetToken(tx, hashSecretToken(token), now);
        if (!row) return null;
        await markResetTokenUsed(tx, row.id, now);
        await deleteUnusedResetTokensOfUser(tx, row.userId);
        const updated = await setPasswordHash(tx, row.userId, passwordHash);
        await revokeAllSessionsOfUser(tx, row.userId, now);
        if (updated!.companyId) {
          await recordAudit(tx, {
            companyId: updated!.companyId,
            actorId: updated!.id,
            action: "user.password_reset",
            targetType: "user",
            targetId: updated!.id,
          });
        }
        const t = translatorFor(await languageOf(tx, updated!.id));
        await enqueueMail(tx, passwordChangedMail(updated!.email, updated!.firstName, deps.config.appUrl, t));
        return updated!;
      });
      if (!user) throw new AppError("password_reset.token_invalid");
    },

    /** Waits for reset requests still running in the background (called when the server stops). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inBackground]);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
