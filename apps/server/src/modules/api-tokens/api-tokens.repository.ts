import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import { hasRow, insertReturningId, isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { type ApiTokenRow, apiTokens } from "../../db/schema/index.ts";

/** Stores a new token of a person (its hash only); answers its id. */
export function insertApiToken(
  db: Database,
  token: Pick<ApiTokenRow, "companyId" | "userId" | "name" | "tokenHash" | "scopes" | "createdAt" | "expiresAt">,
): Promise<string> {
  return insertReturningId(db, apiTokens, token);
}

const isLiveOf = (companyId: string, userId: string, now: Date) =>
  and(
    eq(apiTokens.companyId, companyId),
    eq(apiTokens.userId, userId),
    isNull(apiTokens.revokedAt),
    gt(apiTokens.expiresAt, now),
  );

/** A person's live (unrevoked, unexpired) tokens, the newest first. */
export function listLiveApiTokens(db: Database, companyId: string, userId: string, now: Date): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(isLiveOf(companyId, userId, now))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** How many live tokens a person holds. */
export async function countLiveApiTokens(db: Database, companyId: string, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(isLiveOf(companyId, userId, now));
  return row?.total ?? 0;
}

/** True when the person holds this unrevoked token in their company. */
export function hasApiTokenOf(db: Database, companyId: string, userId: string, tokenId: string): Promise<boolean> {
  return hasRow(
    db,
    apiTokens,
    and(isRowOfCompany(apiTokens, companyId, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)),
  );
}

/** Revokes an unrevoked token of the person; answers it, or null when there is none. */
export async function revokeApiTokenRow(
  db: Database,
  companyId: string,
  userId: string,
  tokenId: string,
  now: Date,
): Promise<ApiTokenRow | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.companyId, companyId),
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** The unrevoked, unexpired token with this hash, whoever's, or null. */
export async function findLiveApiToken(db: Database, tokenHash: string, now: Date): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Notes when a token was last used. */
export async function touchApiToken(db: Database, tokenId: string, now: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}
