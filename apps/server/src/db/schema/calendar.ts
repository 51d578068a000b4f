/** Calendar feeds and provider connections. */
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant, timestamps } from "./columns.ts";
import { companyKeys, ownerId } from "./companies.ts";

/** The secret ICS subscription URL of a user (challenge deadlines, action due dates). */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    ...companyKeys(),
    userId: ownerId(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("calendar_feeds_user_unique").on(table.userId),
    uniqueIndex("calendar_feeds_token_hash_unique").on(table.tokenHash),
  ],
);

/** An OAuth connection to a calendar provider; tokens are encrypted at rest. */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    ...companyKeys(),
    userId: ownerId(),
    provider: text("provider").notNull(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: instant("token_expires_at"),
    scope: text("scope"),
    ...timestamps(),
  },
  (table) => [uniqueIndex("calendar_connections_user_provider_unique").on(table.userId, table.provider)],
);

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
