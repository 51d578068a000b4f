import type { EmailCategory, PushPayload } from "@ideaport/shared";
import { and, asc, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  companies,
  type PushSubscriptionRow,
  pushDeliveries,
  pushSubscriptions,
  teamMemberships,
  users,
} from "../../db/schema/index.ts";

/** The channel new push deliveries are announced on (after their transaction commits). */
export const PUSH_DELIVERIES_CHANNEL = "push_deliveries";

export interface SubscriptionInput {
  companyId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  categories: EmailCategory[];
}

/** Subscribes a device, or replaces the keys and categories of the person's same endpoint. */
export async function upsertSubscription(db: Database, input: SubscriptionInput): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: input.p256dh, auth: input.auth, categories: input.categories },
    })
    .returning();
  return row!;
}

/** Drops a person's oldest subscriptions beyond `keep`. */
export async function trimSubscriptions(db: Database, companyId: string, userId: string, keep: number): Promise<void> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.companyId, companyId),
        eq(pushSubscriptions.userId, userId),
        notInArray(pushSubscriptions.id, kept),
      ),
    );
}

/** A person's subscriptions, oldest first. */
export function selectSubscriptions(db: Database, companyId: string, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Ends a person's subscription of one endpoint; answers whether there was one. */
export async function deleteSubscription(
  db: Database,
  companyId: string,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.companyId, companyId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** A subscribed device of an active person that hears about a category, with what its words need. */
export interface PushRecipient {
  subscriptionId: string;
  userId: string;
  language: string | null;
  companyLanguage: string;
  role: string;
  isAdmin: boolean;
  managesTeam: boolean;
}

/** The devices of the active people of one company among `userIds` that are on for `category`. */
export function selectPushRecipients(
  db: Database,
  companyId: string,
  userIds: readonly string[],
  category: EmailCategory,
): Promise<PushRecipient[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      subscriptionId: pushSubscriptions.id,
      userId: users.id,
      language: users.language,
      companyLanguage: companies.defaultLanguage,
      role: users.role,
      isAdmin: users.isAdmin,
      managesTeam: sql<boolean>`exists (select 1 from ${teamMemberships} where ${teamMemberships.userId} = ${users.id} and ${teamMemberships.isManager})`,
    })
    .from(pushSubscriptions)
    .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.companyId, pushSubscriptions.companyId)))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(pushSubscriptions.companyId, companyId),
        inArray(pushSubscriptions.userId, [...userIds]),
        eq(users.isActive, true),
        sql`${category} = any(${pushSubscriptions.categories})`,
      ),
    );
}

/**
 * Writes push messages in the executor's transaction and announces them on the channel, which
 * PostgreSQL delivers when (and only if) that transaction commits.
 */
export async function insertDeliveries(
  db: Database,
  deliveries: ReadonlyArray<{ companyId: string; subscriptionId: string; payload: PushPayload }>,
): Promise<void> {
  if (deliveries.length === 0) return;
  await db.insert(pushDeliveries).values([...deliveries]);
  await db.execute(sql`select pg_notify(${PUSH_DELIVERIES_CHANNEL}, '')`);
}

/** A claimed delivery, with the subscription it goes to. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  payload: PushPayload;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The database's time `milliseconds` from now: the rows' times are the database's. */
function fromNow(milliseconds: number) {
  return sql`now() + make_interval(secs => ${milliseconds / 1000})`;
}

/**
 * Takes up to `limit` deliveries due now for this worker: each is moved `claimMs` ahead, so
 * another worker takes it only if this one never answers for it.
 */
export async function claimDeliveries(
  db: Database,
  { claimMs, limit }: { claimMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(lte(pushDeliveries.sendAfter, sql`now()`))
    .orderBy(asc(pushDeliveries.sendAfter))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(pushDeliveries)
    .set({ sendAfter: fromNow(claimMs), attempts: sql`${pushDeliveries.attempts} + 1` })
    .where(inArray(pushDeliveries.id, due))
    .returning({
      id: pushDeliveries.id,
      attempts: pushDeliveries.attempts,
      payload: pushDeliveries.payload,
      subscriptionId: pushDeliveries.subscriptionId,
    });
  if (claimed.length === 0) return [];
  const subscriptions = new Map(
    (
      await db
        .select()
        .from(pushSubscriptions)
        .where(
          inArray(
            pushSubscriptions.id,
            claimed.map((row) => row.subscriptionId),
          ),
        )
    ).map((row) => [row.id, row]),
  );
  return claimed.flatMap((row) => {
    const subscription = subscriptions.get(row.subscriptionId);
    return subscription
      ? [{ ...row, endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth }]
      : [];
  });
}

export async function deleteDelivery(db: Database, id: string): Promise<void> {
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, id));
}

/** Makes a delivery due again `delayMs` from now. */
export async function postponeDelivery(db: Database, id: string, delayMs: number): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ sendAfter: fromNow(delayMs) })
    .where(eq(pushDeliveries.id, id));
}

/** Removes a subscription the push service no longer knows (its waiting deliveries go with it). */
export async function deleteSubscriptionById(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionDelivered(db: Database, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}
