import { createHash, createHmac, randomUUID } from "node:crypto";

/** A feed token has this shape: 32 bytes (256 bits) in base64url. */
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The secret feed addresses. A token is the HMAC of the feed row's random id under a key derived
 * from the server's secret, so the server can show a person their address again while the
 * database holds only the token's SHA-256: a copy of the database opens no feed.
 */
export function createFeedTokens(serverSecret: string) {
  const key = createHmac("sha256", serverSecret).update("ideaport calendar feed tokens v1").digest();
  return {
    /** The token of the feed row with this id. */
    tokenOf(feedId: string): string {
      return createHmac("sha256", key).update(feedId).digest("base64url");
    },
    /** A new, random feed row id. */
    newFeedId(): string {
      return randomUUID();
    },
  };
}

export type FeedTokens = ReturnType<typeof createFeedTokens>;

/** The stored form of a feed token. */
export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The token in a feed path's last segment (`{token}.ics`), or null when it cannot be one. */
export function feedTokenOfFileName(fileName: string): string | null {
  if (!fileName.endsWith(".ics")) return null;
  const token = fileName.slice(0, -".ics".length);
  return FEED_TOKEN_PATTERN.test(token) ? token : null;
}
