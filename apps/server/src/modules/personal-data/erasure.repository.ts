/**
 * The writes of an erasure: the person's account row made anonymous, and every row that holds
 * only their personal data deleted. Rows the company keeps (ideas, comments, votes, the points
 * ledger, redemptions, audit entries) are not touched here: they name the person through the
 * account row, which now says "former colleague". Call these inside the erasure's transaction.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  apiTokens,
  calendarConnections,
  calendarFeeds,
  emailDigestItems,
  emailDigests,
  emailPreferences,
  idempotencyKeys,
  invitations,
  mailOutbox,
  matchesIgnoringCase,
  newsReads,
  notifications,
  passwordResetTokens,
  pendingRegistrations,
  pushSubscriptions,
  refreshTokens,
  registrationProofs,
  users,
} from "../../db/schema/index.ts";

/**
 * A password hash no password matches (it is no PHC string, so verification fails before any
 * comparison).
 */
const UNUSABLE_PASSWORD_HASH = "!erased";

/**
 * The e-mail address an erased account keeps: unique (it carries the account's id), unroutable
 * (`.invalid` is reserved for that) and never anyone's, so the person's own address is free to
 * register again.
 */
export function erasedEmailOf(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * Makes the account anonymous and inactive for good: the name becomes `formerName`, the e-mail an
 * unroutable placeholder, the password unusable; the language choice, verification and last
 * sign-in are forgotten.
 */
export async function anonymizeAccount(db: Database, userId: string, formerName: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: erasedEmailOf(userId),
      passwordHash: UNUSABLE_PASSWORD_HASH,
      firstName: formerName,
      lastName: "",
      displayName: formerName,
      language: null,
      emailVerifiedAt: null,
      lastLoginAt: null,
      scimExternalId: null,
      scimUserName: null,
      isActive: false,
      erasedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * Other people's notifications that name the person as their actor now name `formerName`, in
 * the stored sentence too.
 */
export async function renameActorInNotifications(
  db: Database,
  userId: string,
  formerName: string,
  previousName: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({
      actorName: formerName,
      content: sql`replace(${notifications.content}, ${previousName}, ${formerName})`,
    })
    .where(eq(notifications.actorId, userId));
}

/**
 * Deletes the rows that are only the person's own: their notifications and digests, e-mail
 * preferences, push subscriptions, calendar feed and connections, news read marks, sign-in tokens
 * of every kind (after the sessions were revoked), API tokens, the kept answers of their repeatable
 * writes (Idempotency-Keys), and the mail to their address, its pending sign-up and the invitations
 * sent to it.
 */
export async function deletePersonalRows(db: Database, userId: string, email: string): Promise<void> {
  for (const table of [
    emailDigestItems,
    emailDigests,
    notifications,
    emailPreferences,
    calendarConnections,
    calendarFeeds,
    newsReads,
    pushSubscriptions,
    refreshTokens,
    apiTokens,
    idempotencyKeys,
    passwordResetTokens,
    registrationProofs,
  ]) {
    await db.delete(table).where(eq(table.userId, userId));
  }
  await db.delete(mailOutbox).where(matchesIgnoringCase(mailOutbox.to, email));
  await db.delete(pendingRegistrations).where(matchesIgnoringCase(pendingRegistrations.email, email));
  await db.delete(invitations).where(matchesIgnoringCase(invitations.email, email));
}
