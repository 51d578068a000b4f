import { randomUUID } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS } from "@ideaport/shared";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createAccessTokens, VERIFIED_TOKENS_KEPT } from "./access-token.ts";

const SECRET = "test-secret-".padEnd(48, "x");

function tokensAt(start: Date) {
  let now = start;
  const tokens = createAccessTokens(SECRET, () => now);
  return { tokens, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

describe("access tokens", () => {
  const claims = { userId: randomUUID(), companyId: randomUUID(), sessionGeneration: 2, sessionId: randomUUID() };

  it("verifies a token it signed, again and again, until it expires", async () => {
    const { tokens, advance } = tokensAt(new Date("2026-11-23T10:00:00.000Z"));
    const token = await tokens.sign(claims);
    // The claims, and the expiry a stream of this token ends at.
    const verified = { ...claims, expiresAt: Date.parse("2026-11-23T10:00:00.000Z") / 1000 + ACCESS_TOKEN_TTL_SECONDS };
    expect(await tokens.verify(token)).toEqual(verified);
    advance(ACCESS_TOKEN_TTL_SECONDS - 1);
    // The second answer comes from the verified tokens it remembers; expiry still applies.
    expect(await tokens.verify(token)).toEqual(verified);
    advance(1);
    expect(await tokens.verify(token)).toBeNull();
    advance(-1);
    // Forgotten once expired: verified by jose again.
    expect(await tokens.verify(token)).toEqual(verified);
  });

  it("names no session for a token signed without one, or with a session id that is not an id", async () => {
    const { tokens } = tokensAt(new Date());
    const withoutSession = await tokens.sign({ userId: claims.userId, companyId: null, sessionGeneration: 0 });
    expect(await tokens.verify(withoutSession)).toMatchObject({ sessionId: null });
    const forged = await tokens.sign({ ...claims, sessionId: "not-an-id" });
    expect(await tokens.verify(forged)).toMatchObject({ userId: claims.userId, sessionId: null });
  });

  it("refuses a token with another signature, even after verifying the real one", async () => {
    const { tokens } = tokensAt(new Date());
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload] = token.split(".");
    expect(await tokens.verify(`${header}.${payload}.${"A".repeat(43)}`)).toBeNull();
    const other = await createAccessTokens("other-secret-".padEnd(48, "x")).sign(claims);
    expect(await tokens.verify(other)).toBeNull();
  });

  it("refuses a token of another issuer or without a generation", async () => {
    const { tokens } = tokensAt(new Date());
    const key = new TextEncoder().encode(SECRET);
    const issued = Math.floor(Date.now() / 1000);
    const base = () =>
      new SignJWT({ cid: claims.companyId, gen: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setAudience("ideaport-api")
        .setIssuedAt(issued)
        .setExpirationTime(issued + 60);
    expect(await tokens.verify(await base().setIssuer("someone-else").sign(key))).toBeNull();
    const withoutGeneration = await new SignJWT({ cid: claims.companyId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.userId)
      .setIssuer("ideaport")
      .setAudience("ideaport-api")
      .setExpirationTime(issued + 60)
      .sign(key);
    expect(await tokens.verify(withoutGeneration)).toBeNull();
    expect(await tokens.verify(await base().setIssuer("ideaport").sign(key))).not.toBeNull();
  });

  it("stays right past VERIFIED_TOKENS_KEPT tokens, when the oldest are forgotten", async () => {
    const { tokens } = tokensAt(new Date());
    const first = await tokens.sign(claims);
    await tokens.verify(first);
    for (let index = 0; index < VERIFIED_TOKENS_KEPT; index += 1) {
      await tokens.verify(await tokens.sign({ ...claims, sessionGeneration: 100 + index }));
    }
    // Forgotten, then verified by jose again: still valid.
    expect(await tokens.verify(first)).toMatchObject(claims);
  });
});
