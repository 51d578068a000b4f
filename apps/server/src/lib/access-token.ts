import { ACCESS_TOKEN_TTL_SECONDS } from "@ideaport/shared";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ideaport";
const AUDIENCE = "ideaport-api";

export interface AccessTokenClaims {
  userId: string;
  companyId: string | null;
}

/** Short-lived access tokens: HS256 JWTs living 15 minutes (DESIGN section 3). */
export function createAccessTokens(secret: string, clock: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  return {
    /** Signs an access token for a user. */
    async sign(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ cid: claims.companyId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** Verifies a token; answers null for anything invalid or expired. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          currentDate: clock(),
        });
        if (typeof payload.sub !== "string") return null;
        return { userId: payload.sub, companyId: typeof payload.cid === "string" ? payload.cid : null };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
