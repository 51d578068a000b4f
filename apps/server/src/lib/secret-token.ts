import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random, URL-safe secret of `bytes` bytes (32 bytes = 256 bits by default). */
export function createSecretToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * The stored form of a high-entropy secret (refresh tokens, reset tokens, proofs): its SHA-256.
 * Random 256-bit tokens need no salt or slow hash; a leaked table does not reveal the tokens.
 */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time comparison of two strings. */
export function isSameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
