import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestClock } from "../../test/app.ts";
import { createCompanyProofs } from "./company-proof.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";

describe("company proofs", () => {
  const company = { id: randomUUID(), passwordHash: "$argon2id$hash-one" };

  it("proves the company it was issued for, for 15 minutes", () => {
    const clock = createTestClock();
    const proofs = createCompanyProofs(SECRET, clock);
    const token = proofs.issue(company);
    expect(proofs.matches(token, company)).toBe(true);
    expect(proofs.companyIdOf(token)).toBe(company.id);
    clock.advance(15 * 60 * 1000 - 1000);
    expect(proofs.matches(token, company)).toBe(true);
    clock.advance(1000);
    expect(proofs.matches(token, company)).toBe(false);
  });

  it("refuses another company, a changed password, another secret and tampering", () => {
    const clock = createTestClock();
    const proofs = createCompanyProofs(SECRET, clock);
    const token = proofs.issue(company);
    const [id, expires, mac] = token.split(".") as [string, string, string];
    expect(proofs.matches(token, { id: randomUUID(), passwordHash: company.passwordHash })).toBe(false);
    expect(proofs.matches(token, { ...company, passwordHash: "$argon2id$hash-two" })).toBe(false);
    expect(createCompanyProofs(`${SECRET}-other`, clock).matches(token, company)).toBe(false);
    expect(proofs.matches(`${id}.${Number(expires) + 3600}.${mac}`, company)).toBe(false);
    expect(proofs.matches(`${id}.${expires}.${mac.slice(1)}x`, company)).toBe(false);
    for (const forged of [
      undefined,
      "",
      "x",
      `${id}.${expires}`,
      `not-a-uuid.${expires}.${mac}`,
      `${id}.soon.${mac}`,
    ]) {
      expect(proofs.matches(forged, company)).toBe(false);
    }
  });
});
