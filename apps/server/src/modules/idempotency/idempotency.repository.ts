import { and, eq, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";

// A person's Idempotency-Keys and the first answers they got. Every query is scoped by the
// company and the person: one person's key never meets another's.

export interface KeyOwner {
  companyId: string;
  userId: string;
}

export interface StoredKey {
  id: string;
  fingerprint: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: Date;
}

function ofOwner(owner: KeyOwner, key: string) {
  return and(
    eq(idempotencyKeys.companyId, owner.companyId),
    eq(idempotencyKeys.userId, owner.userId),
    eq(idempotencyKeys.key, key),
  );
}

/**
 * Claims the key for a first request: its row's id, or undefined when the person already holds the
 * key (the unique index decides between two requests arriving together).
 */
export async function claimKey(
  db: Database,
  owner: KeyOwner,
  claim: { key: string; fingerprint: string; createdAt: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ ...owner, ...claim })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return row?.id;
}

export async function findKey(db: Database, owner: KeyOwner, key: string): Promise<StoredKey | undefined> {
  const [row] = await db
    .select({
      id: idempotencyKeys.id,
      fingerprint: idempotencyKeys.fingerprint,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
      createdAt: idempotencyKeys.createdAt,
    })
    .from(idempotencyKeys)
    .where(ofOwner(owner, key));
  return row;
}

/** Deletes the person's row of the key if it was made before `before` (it has expired). */
export async function deleteKeyMadeBefore(db: Database, owner: KeyOwner, key: string, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(ofOwner(owner, key), lt(idempotencyKeys.createdAt, before)));
}

/** Keeps the first answer of the claimed key. */
export async function recordAnswer(
  db: Database,
  owner: KeyOwner,
  id: string,
  answer: { statusCode: number; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body })
    .where(
      and(
        eq(idempotencyKeys.id, id),
        eq(idempotencyKeys.companyId, owner.companyId),
        eq(idempotencyKeys.userId, owner.userId),
      ),
    );
}

/** Gives a claimed key back while it has no answer (the request failed): a repeat runs anew. */
export async function releaseKey(db: Database, owner: KeyOwner, id: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.id, id),
        eq(idempotencyKeys.companyId, owner.companyId),
        eq(idempotencyKeys.userId, owner.userId),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}

/** Deletes every company's keys made before `before`; answers how many went. */
export async function deleteKeysMadeBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
