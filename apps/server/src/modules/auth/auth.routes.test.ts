import {
  REFRESH_TOKEN_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { auditLog, refreshTokens, users } from "../../db/schema/index.ts";
import { hashSecretToken } from "../../lib/secret-token.ts";
import { TEST_JWT_SECRET, type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  return testApp;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function login(app: TestApp, email: string, password: string) {
  return app.client.post("/api/auth/login/", { email, password });
}

async function signIn(app: TestApp, user: { email: string; password: string }) {
  const response = await login(app, user.email, user.password);
  expect(response.statusCode).toBe(200);
  return response.json<{ access: string; refresh: string; userId: string }>();
}

const refresh = (app: TestApp, token: string) => app.client.post("/api/token/refresh/", { refresh: token });

const currentUser = (app: TestApp, access: string) => app.client.get("/api/users/current/", { token: access });

/** Moves the test clock past the moment a replaced refresh token may still be repeated. */
const passTheGrace = (app: TestApp) => app.clock.advance(REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000 + 1000);

describe("login", () => {
  it("answers the tokens and the login fields (id, e-mail, name, role, teams, company, admin flag)", async () => {
    const app = await start();
    const company = await buildCompany(app.db);
    const team = await buildTeam(app.db, { companyId: company.id, name: "Platform" });
    const user = await buildUser(app.db, {
      teamId: team.id,
      role: "manager",
      isAdmin: true,
      firstName: "Grace",
      lastName: "Hopper",
    });

    const response = await login(app, user.email, user.password);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      ["access", "refresh", "userId", "email", "displayName", "role", "team", "company_id", "is_admin"].sort(),
    );
    expect(body).toMatchObject({
      userId: user.id,
      email: user.email,
      displayName: "Grace Hopper",
      role: "manager",
      team: [{ id: team.id, name: "Platform", is_manager: true }],
      company_id: company.id,
      is_admin: true,
    });
    expect(body.refresh.length).toBeGreaterThanOrEqual(43);
    const current = await app.client.get("/api/users/current/", { token: body.access });
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(user.id);
  });

  it("stores only a hash of the refresh token", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);
    const rows = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashSecretToken(token));
    expect(rows[0]!.tokenHash).not.toBe(token);
  });

  it("records the time of the last login", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    await signIn(app, user);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt?.toISOString()).toBe(app.clock().toISOString());
  });

  it("accepts the e-mail address in any case and with surrounding spaces", async () => {
    const app = await start();
    const user = await buildUser(app.db, { email: `mixed-${Date.now()}@example.com` });
    const response = await login(app, `  ${user.email.toUpperCase()} `, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(user.id);
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const app = await start();
    const user = await buildUser(app.db);

    const wrongPassword = await login(app, user.email, "not-the-password");
    const unknownEmail = await login(app, "nobody@example.com", user.password);

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      code: "auth.invalid_credentials",
      error: "Authentication failed. Please check your credentials.",
    });
  });

  it("tells a deactivated user so only after the right password", async () => {
    const app = await start();
    const user = await buildUser(app.db, { isActive: false });

    const wrong = await login(app, user.email, "not-the-password");
    const right = await login(app, user.email, user.password);

    expect(wrong.statusCode).toBe(401);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe("auth.account_inactive");
    expect(await app.db.select().from(refreshTokens)).toHaveLength(0);
  });

  it("refuses a malformed body with 400 and the spec's messages", async () => {
    const app = await start();
    const missing = await app.client.post("/api/auth/login/", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ email: "Email is required", password: "Password is required" });
    const invalid = await app.client.post("/api/auth/login/", { email: "nope", password: "x" });
    expect(invalid.json().fields.email).toBe("Please enter a valid email address");
    const wrongTypes = await app.client.post("/api/auth/login/", { email: 42, password: ["x"] });
    expect(wrongTypes.statusCode).toBe(400);
  });
});

describe("token refresh", () => {
  it("rotates: answers a new pair, and the new refresh token works", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const first = await signIn(app, user);

    const rotated = await refresh(app, first.refresh);

    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.access).toEqual(expect.any(String));
    expect(second.refresh).not.toBe(first.refresh);
    expect((await app.client.get("/api/users/current/", { token: second.access })).statusCode).toBe(200);
    expect((await refresh(app, second.refresh)).statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated token is presented again", async () => {
    const app = await start();
    const company = await buildCompany(app.db);
    const user = await buildUser(app.db, { companyId: company.id });
    const first = await signIn(app, user);
    const second = (await refresh(app, first.refresh)).json();
    passTheGrace(app);

    const replay = await refresh(app, first.refresh);

    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("auth.token_invalid");
    // The newest tokens, which the thief may hold, stop working too.
    expect((await currentUser(app, second.access)).statusCode).toBe(401);
    expect((await refresh(app, second.refresh)).statusCode).toBe(401);
    const rows = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(audit.map((row) => row.action)).toContain("session.refresh_token_reused");
  });

  it("leaves the user's other sign-ins alone when one family is revoked", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const laptop = await signIn(app, user);
    const phone = await signIn(app, user);
    await refresh(app, laptop.refresh);
    passTheGrace(app);
    expect((await refresh(app, laptop.refresh)).statusCode).toBe(401);
    expect((await refresh(app, phone.refresh)).statusCode).toBe(200);
  });

  it("answers five parallel refreshes of one token with the same refresh token, which then refreshes", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);

    const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(app, token)));

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const pairs = responses.map((response) => response.json<{ access: string; refresh: string }>());
    expect(new Set(pairs.map((pair) => pair.refresh)).size).toBe(1);
    expect(pairs[0]!.refresh).not.toBe(token);
    for (const pair of pairs) expect((await currentUser(app, pair.access)).statusCode).toBe(200);
    const next = await refresh(app, pairs[0]!.refresh);
    expect(next.statusCode).toBe(200);
    expect((await currentUser(app, next.json().access)).statusCode).toBe(200);
    expect((await refresh(app, next.json().refresh)).statusCode).toBe(200);
  });

  it("answers a retry within the grace with the same refresh token, without storing it", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);
    const first = (await refresh(app, token)).json();
    app.clock.advance(REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000 - 1000);

    const retry = await refresh(app, token);

    expect(retry.statusCode).toBe(200);
    expect(retry.json().refresh).toBe(first.refresh);
    const rows = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.tokenHash)).not.toContain(first.refresh);
    expect((await refresh(app, first.refresh)).statusCode).toBe(200);
  });

  it("revokes the family when the replaced token is repeated after the grace", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);
    const next = (await refresh(app, token)).json();
    passTheGrace(app);

    expect((await refresh(app, token)).statusCode).toBe(401);

    expect((await refresh(app, next.refresh)).statusCode).toBe(401);
    const rows = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it("revokes the family at once for a token two rotations old", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);
    const second = (await refresh(app, token)).json();
    const third = (await refresh(app, second.refresh)).json();

    expect((await refresh(app, token)).statusCode).toBe(401);

    expect((await refresh(app, third.refresh)).statusCode).toBe(401);
    expect((await refresh(app, second.refresh)).statusCode).toBe(401);
  });

  it("ends the session at the family's absolute expiry however often it rotated", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    let token = (await signIn(app, user)).refresh;
    const step = 6 * DAY_MS;
    let elapsed = 0;
    while (elapsed + step < SESSION_MAX_AGE_SECONDS * 1000) {
      app.clock.advance(step);
      elapsed += step;
      const response = await refresh(app, token);
      expect(response.statusCode).toBe(200);
      token = response.json().refresh;
    }
    app.clock.advance(SESSION_MAX_AGE_SECONDS * 1000 - elapsed + 1000);
    const response = await refresh(app, token);
    expect(response.statusCode).toBe(401);
  });

  it("refuses a refresh token left unused past its lifetime", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);
    app.clock.advance(REFRESH_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect((await refresh(app, token)).statusCode).toBe(401);
  });

  it("refuses a deactivated user", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { refresh: token } = await signIn(app, user);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await refresh(app, token)).statusCode).toBe(401);
  });

  it("refuses unknown and malformed tokens with 401 or 400, never 500", async () => {
    const app = await start();
    expect((await refresh(app, "not-a-token")).statusCode).toBe(401);
    expect((await app.client.post("/api/token/refresh/", {})).statusCode).toBe(400);
    expect((await app.client.post("/api/token/refresh/", { refresh: "x".repeat(501) })).statusCode).toBe(400);
  });
});

describe("logout", () => {
  it("revokes the sign-in of the given refresh token and always answers success", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const first = await signIn(app, user);
    const rotated = (await refresh(app, first.refresh)).json();

    const response = await app.client.post("/api/auth/logout/", { refresh: rotated.refresh });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await refresh(app, rotated.refresh)).statusCode).toBe(401);
    expect((await app.client.post("/api/auth/logout/", {})).json()).toEqual({ success: true });
    expect((await app.client.post("/api/auth/logout/", { refresh: "unknown" })).json()).toEqual({ success: true });
  });
});

describe("access tokens", () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  /** A token signed with the server's secret, shaped as the test says. */
  const forge = (claims: Record<string, unknown>, options: { subject: string; expires: boolean }) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(options.subject)
      .setIssuer("ideaport")
      .setAudience("ideaport-api")
      .setIssuedAt();
    return (options.expires ? jwt.setExpirationTime("15m") : jwt).sign(key);
  };

  it("stop working at once when their user signs out, on this device and others", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const laptop = await signIn(app, user);
    const phone = await signIn(app, user);
    expect((await currentUser(app, laptop.access)).statusCode).toBe(200);

    expect((await app.client.post("/api/auth/logout/", { refresh: laptop.refresh })).statusCode).toBe(200);

    const refused = await currentUser(app, laptop.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("auth.token_invalid");
    expect((await currentUser(app, phone.access)).statusCode).toBe(401);
    // The phone's sign-in goes on: its next refresh answers an access token that works.
    const renewed = await refresh(app, phone.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await currentUser(app, renewed.json().access)).statusCode).toBe(200);
    expect((await refresh(app, laptop.refresh)).statusCode).toBe(401);
  });

  it("keep working when a logout names an unknown or already revoked token", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const session = await signIn(app, user);
    const other = await signIn(app, user);
    await app.client.post("/api/auth/logout/", { refresh: other.refresh });
    const access = (await refresh(app, session.refresh)).json().access;

    await app.client.post("/api/auth/logout/", { refresh: other.refresh });
    await app.client.post("/api/auth/logout/", { refresh: "unknown" });

    expect((await currentUser(app, access)).statusCode).toBe(200);
  });

  it("are refused without an expiry", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const token = await forge({ cid: null, gen: 0 }, { subject: user.id, expires: false });
    const response = await currentUser(app, token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("auth.token_invalid");
    expect(
      (await currentUser(app, await forge({ cid: null, gen: 0 }, { subject: user.id, expires: true }))).statusCode,
    ).toBe(200);
  });

  it("are refused with 401, not 500, when the subject is not a user id", async () => {
    const app = await start();
    for (const subject of ["not-a-uuid", "1", "' or 1=1 --"]) {
      const response = await currentUser(app, await forge({ cid: null, gen: 0 }, { subject, expires: true }));
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("auth.token_invalid");
    }
  });
});
