import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { hasRow, insertReturningId, isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { type ScimTokenRow, scimTokens } from "../../db/schema/index.ts";

/** Stores a new token of a company (its hash only); answers its id. */
export function insertScimToken(
  db: Database,
  token: { companyId: string; name: string; tokenHash: string; createdBy: string },
): Promise<string> {
  return insertReturningId(db, scimTokens, token);
}

/** The company's live (unrevoked) tokens, the newest first. */
export function listLiveScimTokens(db: Database, companyId: string): Promise<ScimTokenRow[]> {
  return db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.companyId, companyId), isNull(scimTokens.revokedAt)))
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
}

/** True when the company has this live token. */
export function hasLiveScimToken(db: Database, companyId: string, tokenId: string): Promise<boolean> {
  return hasRow(db, scimTokens, and(isRowOfCompany(scimTokens, companyId, tokenId), isNull(scimTokens.revokedAt)));
}

/** Revokes a live token of the company; answers it, or null when there is none. */
export async function revokeScimTokenRow(
  db: Database,
  companyId: string,
  tokenId: string,
  now: Date,
): Promise<ScimTokenRow | null> {
  const [row] = await db
    .update(scimTokens)
    .set({ revokedAt: now })
    .where(and(eq(scimTokens.id, tokenId), eq(scimTokens.companyId, companyId), isNull(scimTokens.revokedAt)))
    .returning();
  return row ?? null;
}

/** The live token with this hash, whichever company's, or null. */
export async function findLiveScimToken(db: Database, tokenHash: string): Promise<ScimTokenRow | null> {
  const [row] = await db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Notes when a token was last used; to the minute, so a sync of many requests writes once a minute. */
export async function touchScimToken(db: Database, tokenId: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(scimTokens.id, tokenId), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, minuteAgo))));
}
