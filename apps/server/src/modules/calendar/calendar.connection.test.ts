import {
  CalendarSettingsResponseSchema,
  FinishCalendarConnectionResponseSchema,
  StartCalendarConnectionResponseSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarConnections, notifications } from "../../db/schema/index.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import { buildTestApp, createTestClient, type TestApp, type TestClient } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../test/oauth-provider.ts";
import { createCalendarService } from "./calendar.service.ts";

const TOKEN_KEY = Buffer.alloc(32, 7);
const REDIRECT_URI = "http://localhost:8000/auth/calendar/callback";

let provider: TestOAuthProvider;
let testApp: TestApp;
let teamId: string;

interface Person {
  id: string;
  companyId: string;
  token: string;
  client: TestClient;
}

async function person(): Promise<Person> {
  const user = await buildUser(testApp.db, { teamId });
  return {
    id: user.id,
    companyId: user.companyId!,
    token: await testApp.tokenFor(user),
    client: createTestClient(testApp.app),
  };
}

async function start(as: Person, returnTo = "/app/settings/profile") {
  const response = await as.client.post(
    "/api/calendar/connection/start/",
    { return_to: returnTo },
    { token: as.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return StartCalendarConnectionResponseSchema.parse(response.json()).authorization_url;
}

function finish(as: Person, callbackQuery: string) {
  return as.client.post("/api/calendar/connection/finish/", { callback_query: callbackQuery }, { token: as.token });
}

async function connectionRows(userId: string) {
  return testApp.db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId));
}

async function statusOf(as: Person) {
  // A token signed now: tests move the clock past an access token's 15 minutes.
  const token = await testApp.tokenFor({ id: as.id, companyId: as.companyId });
  const response = await as.client.get("/api/calendar/", { token });
  return CalendarSettingsResponseSchema.parse(response.json()).connection;
}

beforeAll(async () => {
  provider = await startTestOAuthProvider({ redirectUri: REDIRECT_URI });
  testApp = await buildTestApp({
    env: {
      CALENDAR_PROVIDER_NAME: "Test Calendar",
      CALENDAR_CLIENT_ID: provider.clientId,
      CALENDAR_CLIENT_SECRET: provider.clientSecret,
      CALENDAR_AUTH_URL: provider.authorizationUrl,
      CALENDAR_TOKEN_URL: provider.tokenUrl,
      CALENDAR_SCOPE: "openid offline_access",
      CALENDAR_TOKEN_KEY: TOKEN_KEY.toString("base64"),
    },
  });
  const company = await buildCompany(testApp.db);
  teamId = (await buildTeam(testApp.db, { companyId: company.id })).id;
});

afterAll(async () => {
  await testApp?.close();
  await provider?.close();
});

describe("connecting a calendar account (OAuth 2.0 authorization code with PKCE, against oidc-provider)", () => {
  it("connects: S256 challenge and state in the authorization URL, tokens stored encrypted, back where it started", async () => {
    const alice = await person();
    expect(await statusOf(alice)).toMatchObject({
      available: true,
      status: "not_connected",
      provider_name: "Test Calendar",
    });

    const authorizationUrl = new URL(await start(alice, "/app/settings/profile#calendar"));
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(provider.authorizationUrl);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);

    const callbackQuery = await provider.approve(authorizationUrl.toString());
    expect(new URLSearchParams(callbackQuery).get("code")).toBeTruthy();
    const response = await finish(alice, callbackQuery);
    expect(response.statusCode, response.body).toBe(200);
    const answer = FinishCalendarConnectionResponseSchema.parse(response.json());
    expect(answer.return_to).toBe("/app/settings/profile#calendar");
    expect(answer.connection).toMatchObject({ status: "connected", provider_name: "Test Calendar" });

    const [row] = await connectionRows(alice.id);
    expect(row!.companyId).toBe(alice.companyId);
    expect(row!.accessTokenEncrypted).toMatch(/^v1\./);
    expect(row!.refreshTokenEncrypted).toMatch(/^v1\./);
    const box = createSecretBox(TOKEN_KEY);
    const accessToken = box.open(row!.accessTokenEncrypted)!;
    expect(accessToken.length).toBeGreaterThan(20);
    expect(row!.accessTokenEncrypted).not.toContain(accessToken);
    expect(createSecretBox(Buffer.alloc(32, 8)).open(row!.accessTokenEncrypted)).toBeNull();
  });

  it("refuses a callback whose state is not the one it sent, and stores nothing", async () => {
    const bob = await person();
    const callbackQuery = new URLSearchParams(await provider.approve(await start(bob)));
    callbackQuery.set("state", "not-the-state-we-sent");
    const response = await finish(bob, callbackQuery.toString());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "calendar.connection_state_invalid" });
    expect(await connectionRows(bob.id)).toEqual([]);
  });

  it("refuses a replayed code: the provider accepts a code once", async () => {
    const carol = await person();
    await start(carol);
    const pending = carol.client.cookies.get("calendar_connection")!;
    const authorizationUrl = await start(carol);
    const pendingForUrl = carol.client.cookies.get("calendar_connection")!;
    expect(pendingForUrl).not.toBe(pending);
    const callbackQuery = await provider.approve(authorizationUrl);
    expect((await finish(carol, callbackQuery)).statusCode).toBe(200);

    // The same callback again, with the attempt's cookie put back as an attacker holding both would.
    carol.client.cookies.set("calendar_connection", pendingForUrl);
    const replay = await finish(carol, callbackQuery);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: "calendar.connection_failed" });
    // Without the cookie (it is used up by the first finish), the attempt is simply not valid.
    const again = await finish(carol, callbackQuery);
    expect(again.json()).toMatchObject({ code: "calendar.connection_state_invalid" });
  });

  it("says so when the person refuses consent, and stores nothing", async () => {
    const dan = await person();
    const callbackQuery = await provider.deny(await start(dan));
    expect(new URLSearchParams(callbackQuery).get("error")).toBe("access_denied");
    const response = await finish(dan, callbackQuery);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "calendar.connection_denied",
      error: "Your calendar was not connected, because access to it was not allowed.",
    });
    expect(await connectionRows(dan.id)).toEqual([]);
  });

  it("refuses an attempt another person started, and one that expired", async () => {
    const erin = await person();
    const frank = await person();
    const callbackQuery = await provider.approve(await start(erin));
    frank.client.cookies.set("calendar_connection", erin.client.cookies.get("calendar_connection")!);
    expect((await finish(frank, callbackQuery)).json()).toMatchObject({ code: "calendar.connection_state_invalid" });

    const lateQuery = await provider.approve(await start(frank));
    testApp.clock.advance(11 * 60 * 1000);
    expect((await finish(frank, lateQuery)).json()).toMatchObject({ code: "calendar.connection_state_invalid" });
    expect(await connectionRows(frank.id)).toEqual([]);
  });

  it("refuses a return address outside the app with 400", async () => {
    const gina = await person();
    for (const returnTo of ["https://evil.example/", "//evil.example/app", "/login"]) {
      const response = await gina.client.post(
        "/api/calendar/connection/start/",
        { return_to: returnTo },
        { token: gina.token },
      );
      expect(response.statusCode, returnTo).toBe(400);
    }
  });

  it("refreshes an expired access token, and marks the connection “needs reconnecting” once the refresh is refused", async () => {
    const hal = await person();
    expect((await finish(hal, await provider.approve(await start(hal)))).statusCode).toBe(200);
    const service = createCalendarService({
      db: testApp.db,
      clock: testApp.clock,
      appUrl: testApp.config.appUrl,
      serverSecret: testApp.config.jwtSecret,
      calendar: testApp.config.calendar,
    });
    const first = await service.accessTokenFor(hal.companyId, hal.id);
    expect(first).toBeTruthy();

    testApp.clock.advance(2 * 60 * 60 * 1000);
    const refreshed = await service.accessTokenFor(hal.companyId, hal.id);
    expect(refreshed).toBeTruthy();
    expect(refreshed).not.toBe(first);
    expect(await statusOf(hal)).toMatchObject({ status: "connected" });

    await provider.revokeRefreshTokens();
    testApp.clock.advance(2 * 60 * 60 * 1000);
    expect(await service.accessTokenFor(hal.companyId, hal.id)).toBeNull();
    expect(await statusOf(hal)).toMatchObject({ status: "needs_reconnecting" });
    // Not tried again: the refresh token is gone.
    expect((await connectionRows(hal.id))[0]!.refreshTokenEncrypted).toBeNull();
    expect(await service.accessTokenFor(hal.companyId, hal.id)).toBeNull();
    // The bell says so, once.
    const bell = await testApp.db.select().from(notifications).where(eq(notifications.userId, hal.id));
    expect(bell.map((row) => [row.type, row.content])).toEqual([
      [
        "calendar_needs_reconnecting",
        "Your calendar account needs reconnecting: connect it again in Profile Settings to keep your dates in it.",
      ],
    ]);
  });

  it("disconnects: the tokens are deleted", async () => {
    const ivy = await person();
    expect((await finish(ivy, await provider.approve(await start(ivy)))).statusCode).toBe(200);
    const response = await ivy.client.delete("/api/calendar/connection/", { token: ivy.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().connection).toMatchObject({ status: "not_connected" });
    expect(await connectionRows(ivy.id)).toEqual([]);
  });
});

describe("without a provider", () => {
  it("refuses to start a connection with 409, and settings say why", async () => {
    const plain = await buildTestApp();
    try {
      const company = await buildCompany(plain.db);
      const team = await buildTeam(plain.db, { companyId: company.id });
      const user = await buildUser(plain.db, { teamId: team.id });
      const token = await plain.tokenFor(user);
      const response = await plain.client.post("/api/calendar/connection/start/", {}, { token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "calendar.provider_unavailable" });
    } finally {
      await plain.close();
    }
  });
});
