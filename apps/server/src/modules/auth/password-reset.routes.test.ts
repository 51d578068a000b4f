import { PASSWORD_RESET_TTL_SECONDS } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, mailOutbox, passwordResetTokens, users } from "../../db/schema/index.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildUser } from "../../test/factories.ts";
import { mailPeerPerFile } from "../../test/mail-peer.ts";

const APP_URL = "https://ideas.example.com";
const NEW_PASSWORD = "Brand-new-2026";

const peer = mailPeerPerFile();
const testApps = testAppPerTest();

async function start() {
  return testApps.start({ env: { SMTP_URL: peer.url, APP_URL } });
}

let sequence = 0;
function uniqueEmail(name: string) {
  sequence += 1;
  return `${name}-${sequence}-${Date.now()}@example.com`;
}

/** Asks for a reset link and reads the token from the received mail. */
async function requestResetLink(app: TestApp, email: string) {
  const response = await app.client.post("/api/password-reset/request/", { email });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true });
  const mail = await peer.waitForMail(email.toLowerCase());
  const match = new RegExp(`${APP_URL}/password-reset/([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { token: match![1]!, mail };
}

const complete = (app: TestApp, token: string, password = NEW_PASSWORD) =>
  app.client.post("/api/password-reset/complete/", { token, password });

const login = (app: TestApp, email: string, password: string) =>
  app.client.post("/api/auth/login/", { email, password });

describe("password reset", () => {
  it("e-mails a link whose token sets a new password", async () => {
    const app = await start();
    const company = await buildCompany(app.db);
    const user = await buildUser(app.db, { email: uniqueEmail("forgetful"), companyId: company.id });
    const { token, mail } = await requestResetLink(app, user.email);
    expect(mail.subject).toBe("Reset your Ideaport password");
    expect(mail.html).toContain(`${APP_URL}/password-reset/${token}`);

    expect((await app.client.get(`/api/password-reset/${token}/`)).json()).toEqual({ success: true });
    const response = await complete(app, token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await login(app, user.email, user.password)).statusCode).toBe(401);
    expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const changed = await peer.waitForMail(user.email);
    expect(changed.subject).toBe("Your Ideaport password was changed");
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(audit.map((row) => row.action)).toContain("user.password_reset");
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("stores only a hash of the token", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("hashed") });
    const { token } = await requestResetLink(app, user.email);
    const [row] = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(22);
  });

  it("works once", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("once") });
    const { token } = await requestResetLink(app, user.email);
    expect((await complete(app, token)).statusCode).toBe(200);

    const again = await complete(app, token, "Another-pass-1");

    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("password_reset.token_invalid");
    expect((await app.client.get(`/api/password-reset/${token}/`)).statusCode).toBe(400);
    expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("expires after one hour", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("late") });
    const { token } = await requestResetLink(app, user.email);

    app.clock.advance(PASSWORD_RESET_TTL_SECONDS * 1000 + 1000);

    expect((await app.client.get(`/api/password-reset/${token}/`)).statusCode).toBe(400);
    const response = await complete(app, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("password_reset.token_invalid");
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });

  it("invalidates an older link when a new one is requested", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("twice") });
    const first = await requestResetLink(app, user.email);
    const second = await requestResetLink(app, user.email);

    expect((await complete(app, first.token)).statusCode).toBe(400);
    expect((await complete(app, second.token)).statusCode).toBe(200);
  });

  it("signs the account out everywhere", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("stolen") });
    const session = (await login(app, user.email, user.password)).json();
    const { token } = await requestResetLink(app, user.email);

    await complete(app, token);

    expect((await app.client.post("/api/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
  });

  it("refuses the access tokens issued before the reset at once", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("hijacked") });
    const session = (await login(app, user.email, user.password)).json();
    expect((await app.client.get("/api/users/current/", { token: session.access })).statusCode).toBe(200);
    const { token } = await requestResetLink(app, user.email);

    expect((await complete(app, token)).statusCode).toBe(200);

    const refused = await app.client.get("/api/users/current/", { token: session.access });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("auth.token_invalid");
    const fresh = (await login(app, user.email, NEW_PASSWORD)).json();
    expect((await app.client.get("/api/users/current/", { token: fresh.access })).statusCode).toBe(200);
  });

  it("answers the same success for an unknown address and sends nothing", async () => {
    const app = await start();
    const unknown = uniqueEmail("ghost");
    const known = await buildUser(app.db, { email: uniqueEmail("real") });

    const response = await app.client.post("/api/password-reset/request/", { email: unknown });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // The known request runs after the unknown one; once its mail arrives, both are done.
    await requestResetLink(app, known.email);

    expect(peer.mailTo(unknown)).toHaveLength(0);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknown))).toHaveLength(0);
  });

  it("refuses a password shorter than 8 characters without using the link", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: uniqueEmail("short") });
    const { token } = await requestResetLink(app, user.email);

    const response = await complete(app, token, "short");

    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe("Password must be at least 8 characters");
    expect((await complete(app, token)).statusCode).toBe(200);
  });

  it("answers 400, never 500, for unknown or malformed tokens", async () => {
    const app = await start();
    expect((await complete(app, "no-such-token")).statusCode).toBe(400);
    expect((await app.client.get("/api/password-reset/no-such-token/")).statusCode).toBe(400);
    // Fastify itself refuses path parameters over 100 characters with 414.
    expect([400, 414]).toContain((await app.client.get(`/api/password-reset/${"x".repeat(300)}/`)).statusCode);
    expect(
      (await app.client.post("/api/password-reset/complete/", { token: "", password: NEW_PASSWORD })).statusCode,
    ).toBe(400);
    const missing = await app.client.post("/api/password-reset/request/", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.email).toBe("Please enter your email address");
  });
});
