import { and, asc, count, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { findRowOfCompany, insertReturningId, isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  challenges,
  companies,
  type IntegrationChannelRow,
  type IntegrationOutboxRow,
  integrationChannels,
  integrationOutbox,
  type WebhookDeliveryRow,
  type WebhookRow,
  webhookDeliveries,
  webhooks,
} from "../../db/schema/index.ts";

// Channels

export function insertChannel(db: Database, row: typeof integrationChannels.$inferInsert): Promise<string> {
  return insertReturningId(db, integrationChannels, row);
}

/** The company's channels, oldest first; only those of `teamIds` when given. */
export function listChannels(
  db: Database,
  companyId: string,
  teamIds?: readonly string[],
): Promise<IntegrationChannelRow[]> {
  const scope =
    teamIds === undefined
      ? undefined
      : teamIds.length === 0
        ? sql`false`
        : inArray(integrationChannels.teamId, [...teamIds]);
  return db
    .select()
    .from(integrationChannels)
    .where(and(eq(integrationChannels.companyId, companyId), scope))
    .orderBy(asc(integrationChannels.createdAt), asc(integrationChannels.id));
}

export async function countChannels(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(integrationChannels)
    .where(eq(integrationChannels.companyId, companyId));
  return row?.total ?? 0;
}

export function findChannel(db: Database, companyId: string, id: string): Promise<IntegrationChannelRow | null> {
  return findRowOfCompany(db, integrationChannels, companyId, id);
}

export async function updateChannel(
  db: Database,
  companyId: string,
  id: string,
  changes: Partial<typeof integrationChannels.$inferInsert>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(integrationChannels)
    .set(changes)
    .where(isRowOfCompany(integrationChannels, companyId, id));
}

export async function deleteChannel(db: Database, companyId: string, id: string): Promise<void> {
  await db.delete(integrationChannels).where(isRowOfCompany(integrationChannels, companyId, id));
}

/** The channels of the company that hear `event`. */
export function listChannelsHearing(db: Database, companyId: string, event: string): Promise<IntegrationChannelRow[]> {
  return db
    .select()
    .from(integrationChannels)
    .where(
      and(
        eq(integrationChannels.companyId, companyId),
        sql`${integrationChannels.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
}

// Webhooks

export function insertWebhook(db: Database, row: typeof webhooks.$inferInsert): Promise<string> {
  return insertReturningId(db, webhooks, row);
}

export function listWebhooks(db: Database, companyId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.companyId, companyId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function countWebhooks(db: Database, companyId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(webhooks).where(eq(webhooks.companyId, companyId));
  return row?.total ?? 0;
}

export function findWebhook(
  db: Database,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookRow | null> {
  return findRowOfCompany(db, webhooks, companyId, id, options);
}

export async function updateWebhook(
  db: Database,
  companyId: string,
  id: string,
  changes: Partial<typeof webhooks.$inferInsert>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(webhooks)
    .set(changes)
    .where(isRowOfCompany(webhooks, companyId, id));
}

export async function deleteWebhook(db: Database, companyId: string, id: string): Promise<void> {
  await db.delete(webhooks).where(isRowOfCompany(webhooks, companyId, id));
}

/** The company's switched-on webhooks that hear `event`. */
export function listWebhooksHearing(db: Database, companyId: string, event: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.companyId, companyId),
        eq(webhooks.enabled, true),
        sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
}

// The outbox

export async function insertOutboxRows(db: Database, rows: (typeof integrationOutbox.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(integrationOutbox).values(rows);
}

/**
 * Claims up to `limit` due rows with `FOR UPDATE SKIP LOCKED`, so two workers never take one row:
 * each claimed row is leased (hidden from other workers) until `leaseUntil`.
 */
export async function claimDueOutboxRows(
  db: Database,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<IntegrationOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: integrationOutbox.id })
      .from(integrationOutbox)
      .where(
        and(
          lte(integrationOutbox.nextAttemptAt, now),
          or(isNull(integrationOutbox.leaseUntil), lte(integrationOutbox.leaseUntil, now)),
        ),
      )
      .orderBy(asc(integrationOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(integrationOutbox)
      .set({ leaseUntil })
      .where(
        inArray(
          integrationOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function deleteOutboxRow(db: Database, id: string): Promise<void> {
  await db.delete(integrationOutbox).where(eq(integrationOutbox.id, id));
}

export async function rescheduleOutboxRow(db: Database, id: string, attempts: number, nextAttemptAt: Date) {
  await db
    .update(integrationOutbox)
    .set({ attempts, nextAttemptAt, leaseUntil: null })
    .where(eq(integrationOutbox.id, id));
}

// The delivery log

export async function insertDeliveryAttempt(
  db: Database,
  row: typeof webhookDeliveries.$inferInsert,
  keep: number,
): Promise<void> {
  await db.insert(webhookDeliveries).values(row);
  // The log keeps the webhook's newest `keep` attempts.
  const newest = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, row.companyId), eq(webhookDeliveries.webhookId, row.webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(keep);
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, row.companyId),
        eq(webhookDeliveries.webhookId, row.webhookId),
        notInArray(webhookDeliveries.id, newest),
      ),
    );
}

export function listDeliveryAttempts(
  db: Database,
  companyId: string,
  webhookId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** The newest logged attempt of a delivery (by its `Ideaport-Delivery` id) of the company's webhook. */
export async function findDeliveryAttempt(
  db: Database,
  companyId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.deliveryId, deliveryId),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(1);
  return row ?? null;
}

/** The language a company's channels are written in. */
export async function companyLanguage(db: Database, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ language: companies.defaultLanguage })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.language ?? null;
}

/** The active challenges of every company whose deadline is after `from` and at most `to`. */
export function listChallengesClosingBetween(db: Database, from: Date, to: Date) {
  return db
    .select({
      id: challenges.id,
      companyId: challenges.companyId,
      teamId: challenges.teamId,
      scope: challenges.scope,
      title: challenges.title,
      endsAt: challenges.endsAt,
    })
    .from(challenges)
    .where(and(eq(challenges.status, "active"), gt(challenges.endsAt, from), lte(challenges.endsAt, to)));
}
