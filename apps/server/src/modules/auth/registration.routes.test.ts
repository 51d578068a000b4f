import { VERIFICATION_CODE_MAX_ATTEMPTS, VERIFICATION_CODE_TTL_SECONDS } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import type { FastifyRequest, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  mailOutbox,
  matchesIgnoringCase,
  pendingRegistrations,
  registrationProofs,
  users,
} from "../../db/schema/index.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildUser } from "../../test/factories.ts";
import { mailPeerPerFile } from "../../test/mail-peer.ts";
import {
  consumeRegistrationProof,
  REGISTRATION_PROOF_COOKIE,
  readRegistrationProof,
  requireRegistrationProof,
} from "./registration-proof.ts";

const VERIFICATION_FAILED = "Verification failed. Please check the code or request a new one.";

const peer = mailPeerPerFile();
const testApps = testAppPerTest();
let sequence = 0;

async function start() {
  return testApps.start({ env: { SMTP_URL: peer.url } });
}

/** Registration details with an address no other test uses. */
function newcomer(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `newcomer-${sequence}-${Date.now()}@example.com`,
    password: "Sunshine-2026",
    first_name: "Ada",
    last_name: "Lovelace",
    ...overrides,
  };
}

/** Asks for a code and reads it from the e-mail the SMTP peer received. */
async function requestCode(app: TestApp, details: { email: string; [field: string]: unknown }) {
  const response = await app.client.post("/api/request-verification-code/", details);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true });
  const mail = await peer.waitForMail(details.email.toLowerCase());
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  return { code: code!, mail };
}

/** A fresh app and a newcomer who asked it for a code: their details, the code and the mail it came in. */
async function startWithCodeSent() {
  const app = await start();
  const details = newcomer();
  return { app, details, ...(await requestCode(app, details)) };
}

/** The accounts with the address `email`. */
function accountsOf(app: TestApp, email: string) {
  return app.db.select().from(users).where(eq(users.email, email));
}

/** Sends the code a newcomer typed in, with whatever else the client adds. */
function submitCode(app: TestApp, email: string, code: string, extras: Record<string, unknown> = {}) {
  return app.client.post("/api/verify-email-register/", { email, code, ...extras });
}

/** The one answer to every failed verification, whatever the reason. */
function expectVerificationFailed(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toBe(VERIFICATION_FAILED);
}

/** Any 6-digit code other than `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("registration with an e-mailed code", () => {
  it("creates an employee without a company from the code in the received mail", async () => {
    const { app, details, code, mail } = await startWithCodeSent();
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain(code);

    const response = await submitCode(app, details.email, code);

    expect(response.statusCode).toBe(200);
    const { success, userId } = response.json();
    expect(success).toBe(true);
    const [user] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email: details.email,
      firstName: "Ada",
      lastName: "Lovelace",
      displayName: "Ada Lovelace",
      role: "employee",
      isAdmin: false,
      companyId: null,
      onboardingStatus: "awaiting_initial_tour",
      isActive: true,
    });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await app.db.select().from(pendingRegistrations)).toHaveLength(0);

    const login = await app.client.post("/api/auth/login/", { email: details.email, password: details.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userId, company_id: null, team: [], role: "employee", is_admin: false });
  });

  it("sets an HttpOnly, SameSite=Strict registration proof for the new user", async () => {
    const { app, details, code } = await startWithCodeSent();

    const response = await submitCode(app, details.email, code);

    const cookie = response.cookies.find((item) => item.name === REGISTRATION_PROOF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/", maxAge: 3600 });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(22);
    const [proof] = await app.db.select().from(registrationProofs);
    expect(proof!.userId).toBe(response.json().userId);
    expect(proof!.tokenHash).not.toBe(cookie!.value);
  });

  it("kills the code after five wrong tries, even for the right code", async () => {
    const { app, details, code } = await startWithCodeSent();

    for (let attempt = 0; attempt < VERIFICATION_CODE_MAX_ATTEMPTS; attempt++) {
      const wrong = await submitCode(app, details.email, otherCode(code));
      expectVerificationFailed(wrong);
    }
    const right = await submitCode(app, details.email, code);

    expectVerificationFailed(right);
    expect(await accountsOf(app, details.email)).toHaveLength(0);
  });

  it("accepts the right code after fewer than five wrong tries", async () => {
    const { app, details, code } = await startWithCodeSent();
    for (let attempt = 1; attempt < VERIFICATION_CODE_MAX_ATTEMPTS; attempt++) {
      await submitCode(app, details.email, otherCode(code));
    }
    const right = await submitCode(app, details.email, code);
    expect(right.statusCode).toBe(200);
  });

  it("refuses a code older than ten minutes", async () => {
    const { app, details, code } = await startWithCodeSent();

    app.clock.advance(VERIFICATION_CODE_TTL_SECONDS * 1000 + 1000);
    const response = await submitCode(app, details.email, code);

    expectVerificationFailed(response);
  });

  it("accepts a code just before its ten minutes are up", async () => {
    const { app, details, code } = await startWithCodeSent();
    app.clock.advance(VERIFICATION_CODE_TTL_SECONDS * 1000 - 1000);
    const response = await submitCode(app, details.email, code);
    expect(response.statusCode).toBe(200);
  });

  it("refuses a code used once already", async () => {
    const { app, details, code } = await startWithCodeSent();
    expect((await submitCode(app, details.email, code)).statusCode).toBe(200);

    const again = await submitCode(app, details.email, code);

    expectVerificationFailed(again);
    expect(await accountsOf(app, details.email)).toHaveLength(1);
  });

  it("sends a new code when asked again, and only the new one works, with fresh attempts", async () => {
    const app = await start();
    const details = newcomer();
    const first = await requestCode(app, details);
    for (let attempt = 0; attempt < VERIFICATION_CODE_MAX_ATTEMPTS; attempt++) {
      await submitCode(app, details.email, otherCode(first.code));
    }

    const second = await requestCode(app, { ...details, first_name: "Augusta" });
    // Six random digits repeat one time in a million; the old code must fail unless it did.
    if (second.code !== first.code) {
      const old = await submitCode(app, details.email, first.code);
      expect(old.statusCode).toBe(400);
    }
    const response = await submitCode(app, details.email, second.code);

    expect(response.statusCode).toBe(200);
    const [user] = await app.db.select().from(users).where(eq(users.id, response.json().userId));
    expect(user!.firstName).toBe("Augusta");
    expect(await app.db.select().from(pendingRegistrations)).toHaveLength(0);
  });

  it("answers the same success for a registered address and mails a notice instead of a code", async () => {
    const app = await start();
    const existing = await buildUser(app.db, { email: `taken-${Date.now()}@example.com` });

    const response = await app.client.post(
      "/api/request-verification-code/",
      newcomer({ email: existing.email.toUpperCase() }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const mail = await peer.waitForMail(existing.email);
    expect(mail.subject).toBe("You already have an Ideaport account");
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.text).toContain("http://localhost:8000/login");
    expect(await app.db.select().from(pendingRegistrations)).toHaveLength(0);
    const attempt = await submitCode(app, existing.email, "123456");
    expectVerificationFailed(attempt);
  });

  it("treats the e-mail address case-insensitively", async () => {
    const app = await start();
    const details = newcomer();
    const { code } = await requestCode(app, { ...details, email: details.email.toUpperCase() });
    const response = await submitCode(app, details.email, code);
    expect(response.statusCode).toBe(200);
    const [user] = await app.db.select().from(users).where(matchesIgnoringCase(users.email, details.email));
    expect(user!.email).toBe(details.email.toLowerCase());
  });

  it("ignores is_admin, role and company_id sent with the registration and the code", async () => {
    const app = await start();
    const company = await buildCompany(app.db);
    const extras = { is_admin: true, isAdmin: true, role: "admin", company_id: company.id, companyId: company.id };
    const details = newcomer(extras);
    const { code } = await requestCode(app, details);

    const response = await submitCode(app, details.email, code, extras);

    expect(response.statusCode).toBe(200);
    const [user] = await app.db.select().from(users).where(eq(users.id, response.json().userId));
    expect(user).toMatchObject({ role: "employee", isAdmin: false, companyId: null });
  });

  it("stores passwords as argon2id hashes with the configured parameters", async () => {
    const app = await start();
    const details = newcomer();
    await app.client.post("/api/request-verification-code/", details);
    const [pending] = await app.db.select().from(pendingRegistrations);
    expect(pending!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(pending!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const { code } = { code: /\b(\d{6})\b/.exec((await peer.waitForMail(details.email)).text)![1]! };
    const response = await submitCode(app, details.email, code);
    const [user] = await app.db.select().from(users).where(eq(users.id, response.json().userId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(details.password);
  });

  it("refuses bad details with the spec's messages and writes nothing", async () => {
    const app = await start();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...newcomer(), email: "not-an-address" }, "email", "Email is invalid"],
      [{ ...newcomer(), password: "short" }, "password", "Password must be at least 8 characters"],
      [{ ...newcomer(), first_name: "  " }, "first_name", "First name is required"],
      [{ ...newcomer(), last_name: undefined }, "last_name", "Last name is required"],
    ];
    for (const [body, field, message] of cases) {
      const response = await app.client.post("/api/request-verification-code/", body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    const badCode = await submitCode(app, "a@example.com", "12ab");
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fields.code).toBe("Code must be 6 digits");
    expect(await app.db.select().from(pendingRegistrations)).toHaveLength(0);
    expect(await app.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe("registration proof", () => {
  /** A request carrying the proof cookie, as Fastify would hand it to a handler. */
  const requestWith = (token: string | undefined) =>
    ({ cookies: token === undefined ? {} : { [REGISTRATION_PROOF_COOKIE]: token } }) as unknown as FastifyRequest;

  async function verifiedNewcomer(app: TestApp) {
    const details = newcomer();
    const { code } = await requestCode(app, details);
    const response = await submitCode(app, details.email, code);
    const token = response.cookies.find((item) => item.name === REGISTRATION_PROOF_COOKIE)!.value;
    return { userId: response.json().userId as string, token };
  }

  it("proves exactly the user who verified the e-mail", async () => {
    const app = await start();
    const { userId, token } = await verifiedNewcomer(app);
    const other = await buildUser(app.db);

    await expect(requireRegistrationProof(app.db, requestWith(token), userId)).resolves.toBeUndefined();
    await expect(requireRegistrationProof(app.db, requestWith(token), other.id)).rejects.toMatchObject({
      code: "registration.proof_required",
      status: 401,
    });
    await expect(requireRegistrationProof(app.db, requestWith(undefined), userId)).rejects.toMatchObject({
      code: "registration.proof_required",
    });
    await expect(requireRegistrationProof(app.db, requestWith("forged"), userId)).rejects.toMatchObject({
      code: "registration.proof_required",
    });
  });

  it("works once: after it is consumed it proves nothing, and consuming again fails", async () => {
    const app = await start();
    const { userId, token } = await verifiedNewcomer(app);

    await app.db.transaction((tx) => consumeRegistrationProof(tx, requestWith(token)));

    expect(await readRegistrationProof(app.db, requestWith(token))).toBeNull();
    await expect(requireRegistrationProof(app.db, requestWith(token), userId)).rejects.toMatchObject({
      code: "registration.proof_required",
    });
    await expect(consumeRegistrationProof(app.db, requestWith(token))).rejects.toMatchObject({
      code: "registration.proof_required",
    });
  });

  it("expires an hour after the verification", async () => {
    const app = await start();
    const { userId, token } = await verifiedNewcomer(app);
    const [proof] = await app.db.select().from(registrationProofs).where(eq(registrationProofs.userId, userId));
    const lifetimeMs = proof!.expiresAt.getTime() - proof!.createdAt.getTime();
    expect(Math.abs(lifetimeMs - 60 * 60 * 1000)).toBeLessThan(5_000);

    await app.db
      .update(registrationProofs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationProofs.userId, userId));

    await expect(requireRegistrationProof(app.db, requestWith(token), userId)).rejects.toMatchObject({
      code: "registration.proof_required",
    });
  });
});
