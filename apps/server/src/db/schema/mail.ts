/** The mail outbox. */
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, instant, isOneOf } from "./columns.ts";

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;

export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Mail written in the same transaction as the change that causes it and sent after commit.
 * The keys match nodemailer's message fields; the columns avoid the reserved word `to`.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), sent as they are. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sendAfter: instant("send_after").notNull().defaultNow(),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_status_send_after_idx").on(table.status, table.sendAfter),
    check("mail_outbox_status_check", isOneOf(table.status, MAIL_STATUSES)),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;
