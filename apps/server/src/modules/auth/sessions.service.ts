/**
 * Sessions: a short-lived access JWT plus an opaque refresh token. Refresh tokens are stored
 * hashed, rotated on every use, and grouped in a family per sign-in; presenting a token that was
 * already rotated (or revoked) revokes the whole family, since it means the token leaked.
 */
import { randomUUID } from "node:crypto";
import { REFRESH_TOKEN_TTL_SECONDS, SESSION_MAX_AGE_SECONDS } from "@ideaport/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { refreshTokens, users } from "../../db/schema.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Transaction } from "../mail/mail.service.ts";
import { createSecretToken, hashSecretToken } from "./secret-token.ts";

export {
  consumeRegistrationProof,
  readRegistrationProof,
  requireRegistrationProof,
} from "./registration-proof.ts";

export interface SessionDependencies {
  db: Database | Transaction;
  accessTokens: AccessTokens;
  clock: () => Date;
}

export interface SessionTokens {
  access: string;
  refresh: string;
}

/** Why a refresh was refused; every reason answers the same 401 to the client. */
export type RefreshRefusal = "unknown" | "reused" | "expired" | "inactive";

/** The new refresh token of a rotation, before its access token is signed. */
interface RotatedToken {
  ok: true;
  userId: string;
  companyId: string | null;
  refresh: string;
}

export type RefreshOutcome =
  | { ok: true; tokens: SessionTokens; userId: string }
  | { ok: false; reason: RefreshRefusal };

/**
 * Signs a user in: a new refresh-token family (ending SESSION_MAX_AGE_SECONDS from now) and an
 * access token. Used by login, and by create-company and invitation acceptance.
 */
export async function issueSession(
  deps: { db: Database | Transaction; accessTokens: AccessTokens; clock: () => Date },
  userId: string,
): Promise<SessionTokens> {
  const now = deps.clock();
  const [user] = await deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`issueSession: no user ${userId}`);
  const familyExpiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  const refresh = createSecretToken();
  await deps.db.insert(refreshTokens).values({
    userId,
    familyId: randomUUID(),
    tokenHash: hashSecretToken(refresh),
    expiresAt: earlier(new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000), familyExpiresAt),
    familyExpiresAt,
    createdAt: now,
  });
  const access = await deps.accessTokens.sign({ userId, companyId: user.companyId });
  return { access, refresh };
}

/**
 * Exchanges a refresh token for a new pair. The old token is marked replaced; presenting a
 * replaced or revoked token again revokes its whole family (reuse detection) and is audited.
 */
export async function rotateRefreshToken(
  deps: SessionDependencies & { db: Database },
  token: string,
): Promise<RefreshOutcome> {
  const now = deps.clock();
  const step = await deps.db.transaction(async (tx): Promise<{ ok: false; reason: RefreshRefusal } | RotatedToken> => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        familyExpiresAt: refreshTokens.familyExpiresAt,
        revokedAt: refreshTokens.revokedAt,
        replacedBy: refreshTokens.replacedBy,
        isActive: users.isActive,
        companyId: users.companyId,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashSecretToken(token)))
      .for("update", { of: refreshTokens });
    if (!row) return { ok: false, reason: "unknown" };

    if (row.revokedAt || row.replacedBy) {
      const revoked = await revokeFamily(tx, row.familyId, now);
      if (row.companyId && revoked > 0) {
        await recordAudit(tx, {
          companyId: row.companyId,
          actorId: row.userId,
          action: "session.refresh_token_reused",
          targetType: "user",
          targetId: row.userId,
          details: { familyId: row.familyId, revokedTokens: revoked },
        });
      }
      return { ok: false, reason: "reused" };
    }
    if (row.expiresAt <= now || row.familyExpiresAt <= now) return { ok: false, reason: "expired" };
    if (!row.isActive) {
      await revokeFamily(tx, row.familyId, now);
      return { ok: false, reason: "inactive" };
    }

    const refresh = createSecretToken();
    const [next] = await tx
      .insert(refreshTokens)
      .values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: hashSecretToken(refresh),
        expiresAt: earlier(new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000), row.familyExpiresAt),
        familyExpiresAt: row.familyExpiresAt,
        createdAt: now,
      })
      .returning({ id: refreshTokens.id });
    await tx.update(refreshTokens).set({ replacedBy: next!.id }).where(eq(refreshTokens.id, row.id));
    return { ok: true, userId: row.userId, companyId: row.companyId, refresh };
  });

  if (!step.ok) return step;
  const access = await deps.accessTokens.sign({ userId: step.userId, companyId: step.companyId });
  return { ok: true, userId: step.userId, tokens: { access, refresh: step.refresh } };
}

/** Revokes the family of a refresh token (logout); unknown tokens are ignored. */
export async function revokeRefreshTokenFamily(db: Database | Transaction, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecretToken(token)));
  if (row) await revokeFamily(db, row.familyId, now);
}

/** Revokes every live refresh token of a user (password reset, deactivation); answers how many. */
export async function revokeAllSessionsOfUser(db: Database | Transaction, userId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return revoked.length;
}

async function revokeFamily(db: Database | Transaction, familyId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return revoked.length;
}

function earlier(a: Date, b: Date): Date {
  return a <= b ? a : b;
}
