import { ACCESS_TOKEN_TTL_SECONDS, IdSchema } from "@ideaport/shared";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ideaport";
const AUDIENCE = "ideaport-api";

export interface AccessTokenClaims {
  userId: string;
  companyId: string | null;
  /** The user's session generation when the token was signed; sign-out everywhere raises it. */
  sessionGeneration: number;
}

/** Short-lived access tokens: HS256 JWTs living 15 minutes; refresh tokens renew them. */
export function createAccessTokens(secret: string, clock: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  return {
    /** Signs an access token for a user. */
    async sign(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ cid: claims.companyId, gen: claims.sessionGeneration })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /**
     * Verifies a token; answers null for anything invalid or expired, for a token without an
     * expiry or generation, and for a subject that is not a user id (so it never reaches a query).
     */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          currentDate: clock(),
          requiredClaims: ["exp", "sub", "gen"],
        });
        if (!IdSchema.safeParse(payload.sub).success) return null;
        if (!Number.isSafeInteger(payload.gen) || (payload.gen as number) < 0) return null;
        return {
          userId: payload.sub as string,
          companyId: typeof payload.cid === "string" ? payload.cid : null,
          sessionGeneration: payload.gen as number,
        };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
