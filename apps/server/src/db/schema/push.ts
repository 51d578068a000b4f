/** Push notifications: the devices people subscribed, and the messages waiting to go to them. */
import type { EmailCategory, PushPayload } from "@ideaport/shared";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant, ofSameCompany } from "./columns.ts";
import { companyKeys, ownerId, users } from "./companies.ts";

/**
 * One browser's push subscription (RFC 8030 endpoint, RFC 8291 keys) of one person, with the
 * categories of notifications this device hears about. An endpoint is one device: unique per person.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    ...companyKeys(),
    userId: ownerId(),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and authentication secret, base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    categories: text("categories").array().$type<EmailCategory[]>().notNull(),
    createdAt: createdAt(),
    lastSuccessAt: instant("last_success_at"),
  },
  (table) => [
    ofSameCompany("push_subscriptions_user_fk", table.userId, table.companyId, users).onDelete("cascade"),
    uniqueIndex("push_subscriptions_user_endpoint_unique").on(table.userId, table.endpoint),
    index("push_subscriptions_company_user_idx").on(table.companyId, table.userId),
  ],
);

/**
 * A push message written in the transaction of the notification it tells, sent by the job queue
 * after commit; the row goes once the push service has answered for good (or the retries ran out).
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    ...companyKeys(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<PushPayload>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When a worker may take it (again): claiming moves it past the time a send may take. */
    sendAfter: instant("send_after").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index("push_deliveries_send_after_idx").on(table.sendAfter)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
