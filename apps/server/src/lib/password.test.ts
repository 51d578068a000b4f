import { describe, expect, it } from "vitest";
import {
  hashOfUnknownPassword,
  hashPassword,
  passwordHashNeedsUpgrade,
  verifyPassword,
  verifyPasswordOfUnknownAccount,
} from "./password.ts";

describe("password hashing", () => {
  it("hashes with argon2id, 19 MiB, 2 passes, 1 lane, and a fresh salt each time", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");

    expect(first).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=2,p=1\$/);
    expect(Number(/m=(\d+)/.exec(first)![1])).toBeGreaterThanOrEqual(19_456);
    expect(second).not.toBe(first);
  });

  it("hashes a password nobody knows with today's settings, a different one each time", async () => {
    const first = await hashOfUnknownPassword();
    const second = await hashOfUnknownPassword();

    expect(first).toMatch(/^\$argon2id\$v=19\$m=\d+,t=2,p=1\$/);
    expect(passwordHashNeedsUpgrade(first)).toBe(false);
    expect(second).not.toBe(first);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("accepts the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("Password123!");
    expect(await verifyPassword("Password123!", hash)).toBe(true);
    expect(await verifyPassword("password123!", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("answers false, not an error, for a malformed hash", async () => {
    expect(await verifyPassword("Password123!", "not-a-hash")).toBe(false);
  });

  it("asks to upgrade hashes made with weaker settings", async () => {
    expect(passwordHashNeedsUpgrade(await hashPassword("x"))).toBe(false);
    expect(passwordHashNeedsUpgrade("$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaA")).toBe(true);
    expect(passwordHashNeedsUpgrade("$2b$10$bcrypthashbcrypthashbcrypthashbcrypthashbcrypthash")).toBe(true);
  });

  it("spends a verification on unknown accounts and answers false", async () => {
    expect(await verifyPasswordOfUnknownAccount("anything")).toBe(false);
  });
});
