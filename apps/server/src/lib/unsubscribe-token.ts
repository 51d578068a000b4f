import { createHmac } from "node:crypto";
import { EMAIL_CATEGORIES, type EmailCategory, IdSchema } from "@ideaport/shared";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ideaport";
/** Its own audience and key: an unsubscribe token is never an access token, nor the reverse. */
const AUDIENCE = "ideaport-email-unsubscribe";

/** What an unsubscribe link stops: one category, or every category a digest gathers. */
export type UnsubscribeScope = EmailCategory | "daily" | "weekly";

export interface UnsubscribeClaims {
  userId: string;
  companyId: string;
  scope: UnsubscribeScope;
}

const SCOPES = new Set<string>([...EMAIL_CATEGORIES, "daily", "weekly"]);

/**
 * Signed unsubscribe tokens (HS256 JWTs with a key derived from JWT_SECRET). They do not expire:
 * a link in an old e-mail must still work (RFC 8058 asks that one-click links keep working), and
 * the most a leaked one can do is turn off that person's e-mails of that kind. The signature is
 * what keeps anyone from changing another person's settings.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac("sha256", secret).update("email-unsubscribe").digest();
  return {
    async sign(claims: UnsubscribeClaims): Promise<string> {
      return new SignJWT({ cid: claims.companyId, scope: claims.scope })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .sign(key);
    },
    /** The claims of a valid token; null for anything else. */
    async verify(token: string): Promise<UnsubscribeClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
        const userId = IdSchema.safeParse(payload.sub);
        const companyId = IdSchema.safeParse(payload.cid);
        if (!userId.success || !companyId.success) return null;
        if (typeof payload.scope !== "string" || !SCOPES.has(payload.scope)) return null;
        return { userId: userId.data, companyId: companyId.data, scope: payload.scope as UnsubscribeScope };
      } catch {
        return null;
      }
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
