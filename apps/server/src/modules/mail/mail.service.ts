/**
 * The mail module's public face, used by every feature: `enqueueMail` writes a message to the
 * outbox inside the transaction of the change that causes it, so mail exists exactly when the
 * change commits and nothing is sent for a change that rolled back; the outbox worker
 * (mail.outbox.ts, run by mail.plugin.ts) sends it after commit through the mailer (mailer.ts).
 * Features compose their messages with `composeMail` (one layout, every piece of text escaped).
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { OutgoingMail } from "./mail.layout.ts";
import { insertOutboxMail } from "./mail.repository.ts";

export { composeMail, escapeHtml, type MailContent, type OutgoingMail } from "./mail.layout.ts";
export { type MailOutbox, type MailOutboxOptions, startMailOutbox } from "./mail.outbox.ts";
export { createMailer, type Mailer, type MailLogger } from "./mailer.ts";

/**
 * Writes a mail to the outbox. Call it with the transaction of the change that causes it (a
 * transaction is a `Database` too): the mail exists exactly when the change commits, and the
 * worker sends it within about a second.
 */
export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await insertOutboxMail(db, mail);
}

/** Sends committed outbox mail now instead of at the worker's next poll (when the worker runs). */
export function wakeMailOutbox(app: FastifyInstance): void {
  if (app.hasDecorator("mailOutbox")) app.mailOutbox.wake();
}
