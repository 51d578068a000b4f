import { StartCalendarConnectionResponseSchema } from "@ideaport/shared";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createTestClient, type TestApp } from "../../test/app.ts";
import { startTestCalDavServer, TEST_READER_HEADER, type TestCalDavServer } from "../../test/caldav-server.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../test/oauth-provider.ts";
import { resourceNameOf } from "./calendar.caldav.ts";
import { type CalendarService, createCalendarService } from "./calendar.service.ts";
import { createChallenge, editChallengeLater } from "./calendar.test-kit.ts";

const REDIRECT_URI = "http://localhost:8000/auth/calendar/callback";

let provider: TestOAuthProvider;
let caldav: TestCalDavServer;
let testApp: TestApp;
let service: CalendarService;
let companyId: string;
let admin: { id: string; token: string };
let person: { id: string; companyId: string; token: string };
let firstChallengeId: string;

/** The events in the CalDAV collection, by resource name, as ical.js reads them. */
async function eventsInCalendar(): Promise<Map<string, ICAL.Event>> {
  const listing = await fetch(caldav.collectionUrl, {
    method: "PROPFIND",
    headers: { depth: "1", [TEST_READER_HEADER]: "1" },
  });
  const xml = await listing.text();
  const names = [...xml.matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/g)]
    .map((match) => match[1]!.split("/").pop()!)
    .filter((name) => name.endsWith(".ics"));
  const events = new Map<string, ICAL.Event>();
  for (const name of names) {
    const answer = await fetch(`${caldav.collectionUrl}${name}`, { headers: { [TEST_READER_HEADER]: "1" } });
    // Deleted between the listing and this read (a sync or clean-up running meanwhile).
    if (answer.status === 404) continue;
    const body = await answer.text();
    const component = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent")!;
    events.set(name, new ICAL.Event(component));
  }
  return events;
}

beforeAll(async () => {
  [provider, caldav] = await Promise.all([
    startTestOAuthProvider({ redirectUri: REDIRECT_URI }),
    startTestCalDavServer(),
  ]);
  testApp = await buildTestApp({
    env: {
      CALENDAR_CLIENT_ID: provider.clientId,
      CALENDAR_CLIENT_SECRET: provider.clientSecret,
      CALENDAR_AUTH_URL: provider.authorizationUrl,
      CALENDAR_TOKEN_URL: provider.tokenUrl,
      CALENDAR_SCOPE: "openid offline_access",
      CALENDAR_CALDAV_URL: caldav.collectionUrl,
      CALENDAR_TOKEN_KEY: Buffer.alloc(32, 3).toString("hex"),
      // The job queue runs, as in production: finishing a connection queues the first sync.
      JOB_QUEUE: "true",
    },
  });
  expect(await testApp.app.jobQueue.started).toBeDefined();
  service = createCalendarService({
    db: testApp.db,
    clock: testApp.clock,
    appUrl: testApp.config.appUrl,
    serverSecret: testApp.config.jwtSecret,
    calendar: testApp.config.calendar,
  });
  const company = await buildCompany(testApp.db);
  companyId = company.id;
  const team = await buildTeam(testApp.db, { companyId });
  const adminUser = await buildUser(testApp.db, { companyId, role: "admin", isAdmin: true });
  admin = { id: adminUser.id, token: await testApp.tokenFor(adminUser) };
  const user = await buildUser(testApp.db, { teamId: team.id });
  person = { id: user.id, companyId, token: await testApp.tokenFor(user) };

  firstChallengeId = (
    await createChallenge(testApp, admin, { title: "Fewer meetings", scope: "company", ends_at: "2026-12-11" })
  ).id;

  await connect();
});

/** The person connects their calendar account (start, consent at the provider, finish). */
async function connect() {
  const token = await testApp.tokenFor({ id: person.id, companyId });
  const client = createTestClient(testApp.app);
  const started = await client.post("/api/calendar/connection/start/", {}, { token });
  const authorizationUrl = StartCalendarConnectionResponseSchema.parse(started.json()).authorization_url;
  const finished = await client.post(
    "/api/calendar/connection/finish/",
    { callback_query: await provider.approve(authorizationUrl) },
    { token },
  );
  expect(finished.statusCode, finished.body).toBe(200);
}

/** Waits (up to 30 s) until the calendar's events satisfy `isDone`, as the job queue gets to them. */
async function eventsOnceThe(isDone: (events: Map<string, ICAL.Event>) => boolean) {
  let events = await eventsInCalendar();
  for (let attempt = 0; attempt < 60 && !isDone(events); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    events = await eventsInCalendar();
  }
  return events;
}

afterAll(async () => {
  await testApp?.close();
  await Promise.all([provider?.close(), caldav?.close()]);
});

describe("writing a connected person's events to their calendar through CalDAV (Radicale)", () => {
  it("writes the events on the job queue right after the person connects, without any request waiting", async () => {
    const name = resourceNameOf(`challenge-deadline-${firstChallengeId}@ideaport`);
    let events = await eventsInCalendar();
    for (let attempt = 0; attempt < 60 && !events.has(name); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      events = await eventsInCalendar();
    }
    expect(events.get(name)?.summary).toBe("Challenge deadline: Fewer meetings");
    expect(events.get(name)?.startDate.toString()).toBe("2026-12-11");
  });

  it("adds a challenge's deadline, changes it with the challenge, and deletes it when the challenge closes, as each change is made", async () => {
    // The person's own event in the same calendar, which Ideaport must never touch.
    const own = await fetch(`${caldav.collectionUrl}dentist.ics`, {
      method: "PUT",
      headers: { "content-type": "text/calendar" },
      body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//me//EN\r\nBEGIN:VEVENT\r\nUID:dentist-1\r\nDTSTAMP:20261120T100000Z\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    });
    expect(own.status).toBe(201);

    caldav.authorizations.length = 0;
    const challenge = await createChallenge(testApp, admin, {
      title: "Quieter office, please",
      scope: "company",
      ends_at: "2026-12-18",
    });
    // No sync is called here: the change itself queues the write, which the job queue carries out.
    const uid = `challenge-deadline-${challenge.id}@ideaport`;
    const name = resourceNameOf(uid);
    let events = await eventsOnceThe((found) => found.has(name));
    expect(events.get(name)?.summary).toBe("Challenge deadline: Quieter office, please");
    expect(events.get(name)?.startDate.toString()).toBe("2026-12-18");
    expect(events.get(name)?.uid).toBe(uid);
    // Every request carried the person's access token.
    expect(caldav.authorizations.length).toBeGreaterThan(0);
    expect(caldav.authorizations.every((header) => /^Bearer .{20,}/.test(header))).toBe(true);

    await editChallengeLater(testApp, admin, challenge.id, {
      title: "Quieter office; phones outside",
      ends_at: "2026-12-22",
    });
    events = await eventsOnceThe((found) => found.get(name)?.startDate.toString() === "2026-12-22");
    expect(events.get(name)?.summary).toBe("Challenge deadline: Quieter office; phones outside");
    expect(events.get(name)?.startDate.toString()).toBe("2026-12-22");
    expect(events.get(name)!.sequence).toBeGreaterThan(0);

    const closed = await testApp.client.post(`/api/challenges/${challenge.id}/close/`, undefined, {
      token: admin.token,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    events = await eventsOnceThe((found) => !found.has(name));
    expect(events.has(name)).toBe(false);
    expect(events.get("dentist.ics")?.summary).toBe("Dentist");
  }, 120_000);

  it("lists the connection for the periodic sync, and skips it (no retry) once it needs reconnecting", async () => {
    expect(await service.connectionsToSync()).toContainEqual({ companyId, userId: person.id });
    await provider.revokeRefreshTokens();
    testApp.clock.advance(3 * 60 * 60 * 1000);
    expect(await service.syncConnection(companyId, person.id)).toBe("needs_reconnecting");
    expect(await service.connectionsToSync()).not.toContainEqual({ companyId, userId: person.id });
  });

  it("takes Ideaport's events out of the calendar after Disconnect, after the answer, leaving the person's own", async () => {
    // The connection needs reconnecting after the previous test; the events written before are still there.
    await connect();
    const name = resourceNameOf(`challenge-deadline-${firstChallengeId}@ideaport`);
    expect((await eventsOnceThe((events) => events.has(name))).has(name)).toBe(true);

    const token = await testApp.tokenFor({ id: person.id, companyId });
    const response = await testApp.client.delete("/api/calendar/connection/", { token });
    expect(response.statusCode, response.body).toBe(200);
    const events = await eventsOnceThe((current) => [...current.keys()].every((key) => !key.startsWith("ideaport-")));
    expect([...events.keys()]).toEqual(["dentist.ics"]);
  });
});
