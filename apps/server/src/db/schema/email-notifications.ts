/** E-mail preferences and the digests. */
import type { DigestFrequency, EmailCategory, EmailFrequency } from "@ideaport/shared";
import { EMAIL_FREQUENCIES } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, isOneOf, ofSameCompany, updatedAt } from "./columns.ts";
import { companyId, companyKeys, ownerId, users } from "./companies.ts";
import { notifications } from "./notifications.ts";

/**
 * How often a person hears of each category of notification by e-mail (EMAIL_CATEGORIES). No row
 * means every category at its default, "every event".
 */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    userId: uuid("user_id").primaryKey(),
    companyId: companyId(),
    approvals: text("approvals").$type<EmailFrequency>().notNull().default("immediate"),
    revisionRequests: text("revision_requests").$type<EmailFrequency>().notNull().default("immediate"),
    rejections: text("rejections").$type<EmailFrequency>().notNull().default("immediate"),
    comments: text("comments").$type<EmailFrequency>().notNull().default("immediate"),
    adminRequests: text("admin_requests").$type<EmailFrequency>().notNull().default("immediate"),
    requestAnswers: text("request_answers").$type<EmailFrequency>().notNull().default("immediate"),
    actions: text("actions").$type<EmailFrequency>().notNull().default("immediate"),
    redemptions: text("redemptions").$type<EmailFrequency>().notNull().default("immediate"),
    updatedAt: updatedAt(),
  },
  (table) => [
    ofSameCompany("email_preferences_user_fk", table.userId, table.companyId, users).onDelete("cascade"),
    check("email_preferences_approvals_check", isOneOf(table.approvals, EMAIL_FREQUENCIES)),
    check("email_preferences_revision_requests_check", isOneOf(table.revisionRequests, EMAIL_FREQUENCIES)),
    check("email_preferences_rejections_check", isOneOf(table.rejections, EMAIL_FREQUENCIES)),
    check("email_preferences_comments_check", isOneOf(table.comments, EMAIL_FREQUENCIES)),
    check("email_preferences_admin_requests_check", isOneOf(table.adminRequests, EMAIL_FREQUENCIES)),
    check("email_preferences_request_answers_check", isOneOf(table.requestAnswers, EMAIL_FREQUENCIES)),
    check("email_preferences_actions_check", isOneOf(table.actions, EMAIL_FREQUENCIES)),
    check("email_preferences_redemptions_check", isOneOf(table.redemptions, EMAIL_FREQUENCIES)),
  ],
);

/** One digest mail sent: at most one per person, frequency and period, whoever sends it. */
export const emailDigests = pgTable(
  "email_digests",
  {
    ...companyKeys(),
    userId: ownerId(),
    frequency: text("frequency").$type<DigestFrequency>().notNull(),
    /** The day (daily) or the Monday of the week (weekly) the digest closes, as YYYY-MM-DD. */
    period: date("period").notNull(),
    itemCount: integer("item_count").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("email_digests_user_period_unique").on(table.userId, table.frequency, table.period),
    check("email_digests_frequency_check", isOneOf(table.frequency, ["daily", "weekly"])),
  ],
);

/**
 * A notification waiting for its person's digest (their category was on a digest when it was
 * made); `digest_id` is set when a digest takes it.
 */
export const emailDigestItems = pgTable(
  "email_digest_items",
  {
    ...companyKeys(),
    userId: ownerId(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    category: text("category").$type<EmailCategory>().notNull(),
    digestId: uuid("digest_id").references(() => emailDigests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_digest_items_waiting_idx").on(table.userId, table.createdAt).where(sql`${table.digestId} is null`),
  ],
);

export type EmailPreferencesRow = typeof emailPreferences.$inferSelect;
