import { AppError, PASSWORD_RESET_TTL_SECONDS } from "@ideaport/shared";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Config } from "../../config/env.ts";
import type { Database } from "../../db/client.ts";
import { matchesIgnoringCase, passwordResetTokens, users } from "../../db/schema.ts";
import { hashPassword } from "../../lib/password.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import type { MailLogger } from "../mail/mailer.ts";
import { passwordChangedMail, passwordResetMail } from "./auth.mails.ts";
import { normalizeEmail } from "./auth.service.ts";
import { createSecretToken, hashSecretToken } from "./secret-token.ts";
import { revokeAllSessionsOfUser } from "./sessions.service.ts";

export interface PasswordResetServiceDependencies {
  db: Database;
  clock: () => Date;
  config: Pick<Config, "appUrl">;
  mailOutbox: { wake(): void };
  logger: Pick<MailLogger, "error">;
}

/** Password reset by an e-mailed, single-use link that lives one hour. */
export function createPasswordResetService(deps: PasswordResetServiceDependencies) {
  const { db, clock } = deps;
  const inBackground = new Set<Promise<void>>();

  /** The live token row of a link, or null when unknown, used or expired. */
  async function findLiveToken(token: string) {
    const [row] = await db
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashSecretToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, clock()),
          eq(users.isActive, true),
        ),
      );
    return row ?? null;
  }

  /**
   * E-mails a reset link when the address belongs to an active account. Older links of that
   * account stop working. Unknown addresses do nothing.
   */
  async function sendResetLink(email: string): Promise<void> {
    const now = clock();
    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(matchesIgnoringCase(users.email, normalizeEmail(email)), eq(users.isActive, true)));
    if (!user) return;
    const token = createSecretToken();
    await db.transaction(async (tx) => {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashSecretToken(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000),
        createdAt: now,
      });
      const url = `${deps.config.appUrl}/password-reset/${encodeURIComponent(token)}`;
      await enqueueMail(tx, passwordResetMail(user.email, user.firstName, url));
    });
    deps.mailOutbox.wake();
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
        const [row] = await tx
          .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashSecretToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .for("update");
        if (!row) return null;
        await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, row.id));
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
        const [updated] = await tx
          .update(users)
          .set({ passwordHash })
          .where(eq(users.id, row.userId))
          .returning({ id: users.id, email: users.email, firstName: users.firstName, companyId: users.companyId });
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
        await enqueueMail(tx, passwordChangedMail(updated!.email, updated!.firstName, deps.config.appUrl));
        return updated!;
      });
      if (!user) throw new AppError("password_reset.token_invalid");
      deps.mailOutbox.wake();
    },

    /** Waits for reset requests still running in the background (called when the server stops). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inBackground]);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
