/**
 * Sessions: a short-lived access JWT plus an opaque refresh token. Refresh tokens are stored
 * hashed, rotated on every use, and grouped in a family per sign-in; presenting a token that was
 * already rotated (or revoked) revokes the whole family, since it means the token leaked. The one
 * exception is a repeat of the token just replaced, within a few seconds (a retry, or two tabs
 * refreshing at once): it answers the same new refresh token.
 *
 * Access tokens carry the user's session generation; raising it (sign-out, password change or
 * reset, deactivation, detected reuse) refuses every access token signed before, at once.
 */
import { createHmac, randomUUID } from "node:crypto";
import {
  REFRESH_TOKEN_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
} from "@ideaport/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
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

/** What rotation needs beyond a session: the server secret its successor tokens derive from. */
export interface RotationDependencies extends SessionDependencies {
  db: Database;
  refreshTokenSecret: string;
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
  sessionGeneration: number;
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
  const [user] = await deps.db
    .select({ companyId: users.companyId, sessionGeneration: users.sessionGeneration })
    .from(users)
    .where(eq(users.id, userId));
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
  const access = await deps.accessTokens.sign({
    userId,
    companyId: user.companyId,
    sessionGeneration: user.sessionGeneration,
  });
  return { access, refresh };
}

/**
 * The refresh token that replaces `token` on rotation: an HMAC of it under a key derived from the
 * server secret. A repeat within the grace recomputes the same successor, so no usable token is
 * ever stored, and someone holding only old tokens cannot derive it.
 */
function successorOf(secret: string, token: string): string {
  const key = createHmac("sha256", secret).update("ideaport refresh-token successor").digest();
  return createHmac("sha256", key).update(token, "utf8").digest("base64url");
}

/**
 * Exchanges a refresh token for a new pair. The old token is marked replaced; presenting it again
 * within REFRESH_TOKEN_REUSE_GRACE_SECONDS, while its successor is still the newest token, answers
 * that same successor. Any other replaced or revoked token revokes its whole family (reuse
 * detection), signs the user out everywhere and is audited.
 */
export async function rotateRefreshToken(deps: RotationDependencies, token: string): Promise<RefreshOutcome> {
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
        sessionGeneration: users.sessionGeneration,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashSecretToken(token)))
      .for("update", { of: refreshTokens });
    if (!row) return { ok: false, reason: "unknown" };

    const successor = successorOf(deps.refreshTokenSecret, token);
    if (!row.revokedAt && row.replacedBy && row.isActive) {
      const [next] = await tx
        .select({
          tokenHash: refreshTokens.tokenHash,
          createdAt: refreshTokens.createdAt,
          expiresAt: refreshTokens.expiresAt,
          revokedAt: refreshTokens.revokedAt,
          replacedBy: refreshTokens.replacedBy,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, row.replacedBy));
      const isRepeatWithinGrace =
        next !== undefined &&
        !next.revokedAt &&
        !next.replacedBy &&
        now.getTime() < next.createdAt.getTime() + REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000 &&
        next.expiresAt > now &&
        next.tokenHash === hashSecretToken(successor);
      if (isRepeatWithinGrace) {
        return {
          ok: true,
          userId: row.userId,
          companyId: row.companyId,
          sessionGeneration: row.sessionGeneration,
          refresh: successor,
        };
      }
    }

    if (row.revokedAt || row.replacedBy) {
      const revoked = await revokeFamily(tx, row.familyId, now);
      // The thief may hold an access token of this family: refuse every access token of the user.
      if (revoked > 0) await raiseSessionGeneration(tx, row.userId);
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

    const [next] = await tx
      .insert(refreshTokens)
      .values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: hashSecretToken(successor),
        expiresAt: earlier(new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000), row.familyExpiresAt),
        familyExpiresAt: row.familyExpiresAt,
        createdAt: now,
      })
      .returning({ id: refreshTokens.id });
    await tx.update(refreshTokens).set({ replacedBy: next!.id }).where(eq(refreshTokens.id, row.id));
    return {
      ok: true,
      userId: row.userId,
      companyId: row.companyId,
      sessionGeneration: row.sessionGeneration,
      refresh: successor,
    };
  });

  if (!step.ok) return step;
  const access = await deps.accessTokens.sign({
    userId: step.userId,
    companyId: step.companyId,
    sessionGeneration: step.sessionGeneration,
  });
  return { ok: true, userId: step.userId, tokens: { access, refresh: step.refresh } };
}

/**
 * Sign-out: revokes the family of a refresh token, and refuses every access token the user holds
 * (other devices keep their refresh tokens and get a new access token on their next refresh).
 * Unknown or already revoked tokens change nothing.
 */
export async function revokeRefreshTokenFamily(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(token)));
    if (!row) return;
    if ((await revokeFamily(tx, row.familyId, now)) > 0) await raiseSessionGeneration(tx, row.userId);
  });
}

/**
 * Signs a user out everywhere (password change or reset, deactivation): revokes every live refresh
 * token and refuses every access token signed so far. Answers how many refresh tokens it revoked.
 */
export async function revokeAllSessionsOfUser(db: Database | Transaction, userId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  await raiseSessionGeneration(db, userId);
  return revoked.length;
}

/** Access tokens signed before this call stop working (`app.authenticate` compares generations). */
async function raiseSessionGeneration(db: Database | Transaction, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .where(eq(users.id, userId));
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
