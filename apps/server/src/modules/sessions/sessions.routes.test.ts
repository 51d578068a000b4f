import { SessionsResponseSchema } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { describeUserAgent } from "./sessions.presenter.ts";

const testApps = testAppPerTest();

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs a user in from a browser; answers the login's access and refresh tokens. */
async function signInFrom(app: TestApp, user: { email: string; password: string }, userAgent: string) {
  const response = await app.client.post(
    "/api/auth/login/",
    { email: user.email, password: user.password },
    { headers: { "user-agent": userAgent } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access: string; refresh: string }>();
}

async function person(app: TestApp) {
  const company = await buildCompany(app.db);
  const team = await buildTeam(app.db, { companyId: company.id });
  return buildUser(app.db, { teamId: team.id });
}

async function sessionsOf(app: TestApp, token: string) {
  const response = await app.client.get("/api/users/current/sessions/", { token });
  expect(response.statusCode, response.body).toBe(200);
  return SessionsResponseSchema.parse(response.json()).sessions;
}

describe("GET /api/users/current/sessions/", () => {
  it("lists each signed-in device with its browser, address and last activity, marking the asking one", async () => {
    const app = await testApps.start();
    const user = await person(app);
    await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    app.clock.advance(60_000);
    const phone = await signInFrom(app, user, SAFARI_ON_IPHONE);

    const sessions = await sessionsOf(app, phone.access);

    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ browser: "Safari", os: "iOS", ip_address: "127.0.0.1", is_current: true });
    expect(sessions[1]).toMatchObject({ browser: "Firefox", os: "Windows", is_current: false });
    expect(Date.parse(sessions[0]!.last_active_at)).toBeGreaterThan(Date.parse(sessions[1]!.last_active_at));
  });

  it("moves a session's last activity to its latest refresh", async () => {
    const app = await testApps.start();
    const user = await person(app);
    const laptop = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    const signedInAt = (await sessionsOf(app, laptop.access))[0]!.last_active_at;
    app.clock.advance(5 * 60_000);

    const refreshed = await app.client.post("/api/token/refresh/", { refresh: laptop.refresh });
    expect(refreshed.statusCode).toBe(200);

    const [session] = await sessionsOf(app, refreshed.json().access);
    expect(Date.parse(session!.last_active_at) - Date.parse(signedInAt)).toBe(5 * 60_000);
    expect(session!.is_current).toBe(true);
  });

  it("shows only the caller's own sessions", async () => {
    const app = await testApps.start();
    const user = await person(app);
    const colleague = await person(app);
    const mine = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    await signInFrom(app, colleague, SAFARI_ON_IPHONE);

    const sessions = await sessionsOf(app, mine.access);

    expect(sessions.map((session) => session.browser)).toEqual(["Firefox"]);
  });

  it("answers 401 without a token", async () => {
    const app = await testApps.start();
    expect((await app.client.get("/api/users/current/sessions/")).statusCode).toBe(401);
  });
});

describe("DELETE /api/users/current/sessions/:sessionId/", () => {
  it("signs the other device out: its refresh is refused and its session leaves the list", async () => {
    const app = await testApps.start();
    const user = await person(app);
    const laptop = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    const phone = await signInFrom(app, user, SAFARI_ON_IPHONE);
    const laptopSession = (await sessionsOf(app, phone.access)).find((session) => !session.is_current)!;

    const response = await app.client.delete(`/api/users/current/sessions/${laptopSession.id}/`, {
      token: phone.access,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect((await app.client.post("/api/token/refresh/", { refresh: laptop.refresh })).statusCode).toBe(401);
    expect((await app.client.get("/api/users/current/", { token: laptop.access })).statusCode).toBe(401);
    // The asking device refreshes as after any sign-out and goes on.
    const renewed = await app.client.post(
      "/api/token/refresh/",
      { refresh: phone.refresh },
      { headers: { "user-agent": SAFARI_ON_IPHONE } },
    );
    expect(renewed.statusCode).toBe(200);
    const left = await sessionsOf(app, renewed.json().access);
    expect(left.map((session) => session.browser)).toEqual(["Safari"]);
  });

  it("answers 404 for another person's session, whose device stays signed in", async () => {
    const app = await testApps.start();
    const user = await person(app);
    const stranger = await person(app);
    const mine = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    const theirs = await signInFrom(app, stranger, SAFARI_ON_IPHONE);
    const [theirSession] = await sessionsOf(app, theirs.access);

    const response = await app.client.delete(`/api/users/current/sessions/${theirSession!.id}/`, {
      token: mine.access,
    });

    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("That session does not exist or has already ended.");
    expect((await app.client.post("/api/token/refresh/", { refresh: theirs.refresh })).statusCode).toBe(200);
  });

  it("answers 404 for a malformed or unknown session id, and 401 without a token", async () => {
    const app = await testApps.start();
    const user = await person(app);
    const { access } = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    for (const id of ["not-a-uuid", "8d0b3c39-8f1e-4d57-9d55-3c9b4c6f0a11"]) {
      const response = await app.client.delete(`/api/users/current/sessions/${id}/`, { token: access });
      expect(response.statusCode, id).toBe(404);
    }
    expect((await app.client.delete(`/api/users/current/sessions/${crypto.randomUUID()}/`)).statusCode).toBe(401);
  });
});

describe("DELETE /api/users/current/sessions/", () => {
  it("signs every other device out and keeps the asking one", async () => {
    const app = await testApps.start();
    const user = await person(app);
    const laptop = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    const tablet = await signInFrom(app, user, FIREFOX_ON_WINDOWS);
    const phone = await signInFrom(app, user, SAFARI_ON_IPHONE);

    const response = await app.client.delete("/api/users/current/sessions/", { token: phone.access });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, signed_out: 2 });
    for (const other of [laptop, tablet]) {
      expect((await app.client.post("/api/token/refresh/", { refresh: other.refresh })).statusCode).toBe(401);
    }
    const renewed = await app.client.post("/api/token/refresh/", { refresh: phone.refresh });
    expect(renewed.statusCode).toBe(200);
    expect((await sessionsOf(app, renewed.json().access)).map((session) => session.is_current)).toEqual([true]);
  });
});

describe("describeUserAgent", () => {
  it.each([
    [FIREFOX_ON_WINDOWS, { browser: "Firefox", os: "Windows" }],
    [SAFARI_ON_IPHONE, { browser: "Safari", os: "iOS" }],
    ["curl/8.5.0", { browser: null, os: null }],
    [null, { browser: null, os: null }],
    ["   ", { browser: null, os: null }],
  ])("reads %s", (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});
