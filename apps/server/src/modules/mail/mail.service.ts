/**
 * The mail module's public face, used by every feature: `enqueueMail` writes a message to the
 * outbox inside the transaction of the change that causes it, so mail exists exactly when the
 * change commits and nothing is sent for a change that rolled back; the outbox worker
 * (mail.outbox.ts, run by mail.plugin.ts) sends it after commit through the mailer (mailer.ts).
 * Each feature builds its messages in `<feature>.mails.ts`, one `<what>Mail(...)` function per
 * message, with `composeMail` (one layout, every piece of text escaped, a category on each).
 */
import type { Database } from "../../db/client.ts";
import type { OutgoingMail } from "./mail.layout.ts";
import { announceOutboxMail, insertOutboxMail } from "./mail.repository.ts";

export {
  composeMail,
  escapeHtml,
  MAIL_TEXTS,
  type MailCategory,
  type MailContent,
  type OutgoingMail,
} from "./mail.layout.ts";
export { type MailOutbox, type MailOutboxOptions, startMailOutbox } from "./mail.outbox.ts";
export { createMailer, type Mailer, type MailLogger } from "./mailer.ts";

/**
 * Writes a mail to the outbox. Call it with the transaction of the change that causes it (a
 * transaction is a `Database` too): the mail exists exactly when the change commits. It also
 * announces the mail on the outbox channel, which PostgreSQL delivers only on that commit, so
 * every running outbox worker sends it at once rather than at its next poll; no caller wakes it.
 */
export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await insertOutboxMail(db, mail);
  await announceOutboxMail(db);
}
