import type { webcrypto } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS, IdSchema } from "@ideaport/shared";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ideaport";
const AUDIENCE = "ideaport-api";
const HMAC_SHA256 = { name: "HMAC", hash: "SHA-256" };

export interface AccessTokenClaims {
  userId: string;
  companyId: string | null;
  /** The user's session generation when the token was signed; sign-out everywhere raises it. */
  sessionGeneration: number;
  /** The session (refresh-token family) the token was signed for; null for tokens signed outside one. */
  sessionId?: string | null;
}

/** A verified token's claims and when it expires (Unix seconds, the JWT's `exp`). */
export interface VerifiedAccessToken extends AccessTokenClaims {
  sessionId: string | null;
  expiresAt: number;
}

/** How many verified tokens `verify` remembers (the oldest is forgotten first): a few MB at most. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Short-lived access tokens: HS256 JWTs living 15 minutes; refresh tokens renew them. Every
 * signed-in request verifies one, so the secret is imported as a WebCrypto key once (handed raw
 * bytes, jose imports them on every call), and a token jose has verified is remembered with its
 * claims until it expires: the same string presented again is the same signed token, and expiry
 * is the only check whose answer changes with time. Only verified tokens are kept, so invalid
 * ones always reach jose and cannot fill the memory; sign-out and deactivation are still checked
 * on every request (app.authenticate reads the user).
 */
export function createAccessTokens(secret: string, clock: () => Date = () => new Date()) {
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const keyOf = () =>
    (imported ??= crypto.subtle.importKey("raw", new TextEncoder().encode(secret), HMAC_SHA256, false, [
      "sign",
      "verify",
    ]));
  const verified = new Map<string, VerifiedAccessToken>();
  return {
    /** Signs an access token for a user. */
    async sign(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ cid: claims.companyId, gen: claims.sessionGeneration, sid: claims.sessionId ?? null })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await keyOf());
    },
    /**
     * Verifies a token; answers null for anything invalid or expired, for a token without an
     * expiry or generation, and for a subject that is not a user id (so it never reaches a query).
     */
    async verify(token: string): Promise<VerifiedAccessToken | null> {
      const now = clock();
      const known = verified.get(token);
      // jose's rule: a token has expired once `exp` <= now, in whole seconds.
      if (known) {
        if (known.expiresAt > Math.floor(now.getTime() / 1000)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await keyOf(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          currentDate: now,
          requiredClaims: ["exp", "sub", "gen"],
        });
        if (!IdSchema.safeParse(payload.sub).success) return null;
        if (!Number.isSafeInteger(payload.gen) || (payload.gen as number) < 0) return null;
        const claims: VerifiedAccessToken = Object.freeze({
          userId: payload.sub as string,
          companyId: typeof payload.cid === "string" ? payload.cid : null,
          sessionGeneration: payload.gen as number,
          sessionId: typeof payload.sid === "string" && IdSchema.safeParse(payload.sid).success ? payload.sid : null,
          expiresAt: payload.exp as number,
        });
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
