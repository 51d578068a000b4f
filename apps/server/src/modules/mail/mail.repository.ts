import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { increment } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import { type MailOutboxRow, mailOutbox } from "../../db/schema/index.ts";
import type { OutgoingMail } from "./mail.layout.ts";

/** Writes one pending mail; its transaction decides whether it ever exists. */
export async function insertOutboxMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? null,
  });
}

/** The channel new outbox mail is announced on; the outbox workers listen on it. */
export const MAIL_OUTBOX_CHANNEL = "mail_outbox";

/**
 * `pg_notify` on the outbox channel, in the executor's transaction: PostgreSQL delivers it to every
 * listening worker when (and only if) that transaction commits, and once however many mails it wrote.
 */
export async function announceOutboxMail(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${MAIL_OUTBOX_CHANNEL}, '')`);
}

/**
 * Claims up to `batchSize` due rows (new mail at once, a retry once its backoff has passed) with
 * `FOR UPDATE SKIP LOCKED`, so several workers never claim one row at a time: each claimed row
 * counts an attempt and is leased (hidden from other workers) until `leaseUntil`.
 */
export async function claimDueMail(
  db: Database,
  claim: { now: Date; batchSize: number; leaseUntil: Date },
): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), or(eq(mailOutbox.attempts, 0), lte(mailOutbox.sendAfter, claim.now))))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(claim.batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: increment(mailOutbox.attempts), sendAfter: claim.leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Marks a row delivered. */
export async function markMailSent(db: Database, id: string, sentAt: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: "sent", sentAt, lastError: null }).where(eq(mailOutbox.id, id));
}

/** Gives up on a row: it stays, failed, for an operator. */
export async function markMailFailed(db: Database, id: string, lastError: string): Promise<void> {
  await db.update(mailOutbox).set({ status: "failed", lastError }).where(eq(mailOutbox.id, id));
}

/** Leaves a row pending, to be tried again from `sendAfter`. */
export async function scheduleMailRetry(db: Database, id: string, lastError: string, sendAfter: Date): Promise<void> {
  await db.update(mailOutbox).set({ lastError, sendAfter }).where(eq(mailOutbox.id, id));
}
