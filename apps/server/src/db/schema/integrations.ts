/**
 * Integrations: chat channels (Slack, Microsoft Teams) and signed outgoing webhooks, what is
 * waiting to be sent to them, and each webhook's delivery log.
 */
import type { ChannelKind, IntegrationEvent } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant, isOneOf, ofSameCompany, timestamps } from "./columns.ts";
import { companyKeys, teams, users } from "./companies.ts";

/**
 * A chat channel: a company channel (team_id null, admins) or a team's own (its managers). Its
 * webhook address is a secret (whoever has it can post to the channel): sealed, only its host kept
 * in clear for the settings.
 */
export const integrationChannels = pgTable(
  "integration_channels",
  {
    ...companyKeys(),
    teamId: uuid("team_id"),
    kind: text("kind").$type<ChannelKind>().notNull(),
    name: text("name").notNull(),
    urlEncrypted: text("url_encrypted").notNull(),
    urlHost: text("url_host").notNull(),
    events: jsonb("events").$type<IntegrationEvent[]>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (table) => [
    check("integration_channels_kind_check", isOneOf(table.kind, ["slack", "teams"])),
    ofSameCompany("integration_channels_team_fk", table.teamId, table.companyId, teams).onDelete("cascade"),
    index("integration_channels_company_idx").on(table.companyId, table.createdAt),
    unique("integration_channels_id_company_unique").on(table.id, table.companyId),
  ],
);

export type IntegrationChannelRow = typeof integrationChannels.$inferSelect;

/**
 * An outgoing webhook of a company. Its signing secret is sealed, not hashed: the server signs
 * every delivery with it. Failed deliveries in a row are counted; at the limit it is switched off.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    ...companyKeys(),
    url: text("url").notNull(),
    secretEncrypted: text("secret_encrypted").notNull(),
    events: jsonb("events").$type<IntegrationEvent[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledForFailuresAt: instant("disabled_for_failures_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (table) => [
    index("webhooks_company_idx").on(table.companyId, table.createdAt),
    unique("webhooks_id_company_unique").on(table.id, table.companyId),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;

/**
 * What waits to be sent: one row per delivery (an event to one channel or webhook), written in the
 * transaction of the change and taken by the job queue after it commits. A failed attempt waits
 * (next_attempt_at, growing) until it succeeds or its day is over (expires_at); a claimed row is
 * hidden from other workers until lease_until.
 */
export const integrationOutbox = pgTable(
  "integration_outbox",
  {
    ...companyKeys(),
    channelId: uuid("channel_id"),
    webhookId: uuid("webhook_id"),
    /** The `Ideaport-Delivery` id, the same on every attempt. */
    deliveryId: uuid("delivery_id").notNull(),
    eventType: text("event_type").notNull(),
    /** A webhook's body `{id, type, created_at, data}`, or a channel's event facts and link. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
    leaseUntil: instant("lease_until"),
    createdAt: createdAt(),
  },
  (table) => [
    check("integration_outbox_one_target_check", sql`(${table.channelId} is null) <> (${table.webhookId} is null)`),
    ofSameCompany("integration_outbox_channel_fk", table.channelId, table.companyId, integrationChannels).onDelete(
      "cascade",
    ),
    ofSameCompany("integration_outbox_webhook_fk", table.webhookId, table.companyId, webhooks).onDelete("cascade"),
    index("integration_outbox_due_idx").on(table.nextAttemptAt),
  ],
);

export type IntegrationOutboxRow = typeof integrationOutbox.$inferSelect;

/** One attempt of a webhook delivery; each webhook keeps its last WEBHOOK_DELIVERY_LOG_SIZE. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    ...companyKeys(),
    webhookId: uuid("webhook_id").notNull(),
    deliveryId: uuid("delivery_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    /** The start of the answer, at most 500 characters. */
    excerpt: text("excerpt"),
    /** The body sent, so the attempt can be sent again. */
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    ofSameCompany("webhook_deliveries_webhook_fk", table.webhookId, table.companyId, webhooks).onDelete("cascade"),
    index("webhook_deliveries_webhook_idx").on(table.webhookId, table.createdAt),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
