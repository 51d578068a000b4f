/**
 * The mail side of every feature: `enqueueMail` writes a message to the outbox inside the
 * caller's transaction (CONVENTIONS 10: side effects after the write); the outbox worker
 * (mail.outbox.ts) sends it after commit through the mailer (mailer.ts).
 */
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";

export { type MailOutbox, type MailOutboxOptions, startMailOutbox } from "./mail.outbox.ts";
export { createMailer, type Mailer, type MailLogger } from "./mailer.ts";

/** A Drizzle transaction over either driver, as `db.transaction(async (tx) => ...)` hands it. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One e-mail: a plain-text body and a simple HTML body (user-provided text escaped). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Writes a mail to the outbox. Call it with the transaction of the change that causes it: the
 * mail exists exactly when the change commits, and the worker sends it within about a second.
 */
export async function enqueueMail(db: Database | Transaction, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}
