import { CalendarFeedRotateResponseSchema, CalendarSettingsResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ActionStatus, actions, calendarFeeds, companies, ideas, users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { createChallenge, editChallengeLater, waitForNextSecond } from "./calendar.test-kit.ts";

interface Person {
  id: string;
  companyId: string;
  token: string;
}

let testApp: TestApp;
let companyId: string;
let admin: Person;
let manager: Person;
let employee: Person;
let outsider: Person;
let otherTeamEmployee: Person;
let otherCompanyPerson: Person;
let teamId: string;
let otherTeamId: string;

/** A tricky title: separators iCalendar escapes, a line break, emoji, and enough length to fold. */
const TRICKY_TITLE = "Cut costs; save time, win 🎉 — «Café» naïve\\path";

async function person(options: Parameters<typeof buildUser>[1]): Promise<Person> {
  const user = await buildUser(testApp.db, options);
  return { id: user.id, companyId: user.companyId!, token: await testApp.tokenFor(user) };
}

async function feedUrlOf(as: Person): Promise<string> {
  const response = await testApp.client.get("/api/calendar/", { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return CalendarSettingsResponseSchema.parse(response.json()).feed_url;
}

/** The path of a feed address, to ask the app under test for it. */
function pathOf(feedUrl: string): string {
  return new URL(feedUrl).pathname;
}

async function fetchFeed(feedUrl: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: "GET", url: pathOf(feedUrl), headers });
}

interface ParsedEvent {
  uid: string;
  summary: string;
  status: string | null;
  sequence: number;
  start: ICAL.Time;
  end: ICAL.Time;
  lastModified: ICAL.Time | null;
}

/** The feed's events as ical.js reads them. */
function parseFeed(body: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      status: (component.getFirstPropertyValue("status") as string | null) ?? null,
      sequence: event.sequence,
      start: event.startDate,
      end: event.endDate,
      lastModified: (component.getFirstPropertyValue("last-modified") as ICAL.Time | null) ?? null,
    };
  });
}

async function eventsOf(as: Person): Promise<ParsedEvent[]> {
  const response = await fetchFeed(await feedUrlOf(as));
  expect(response.statusCode, response.body).toBe(200);
  return parseFeed(response.body);
}

async function insertIdea(values: {
  authorId: string;
  teamId: string;
  title: string;
  status: string;
  submittedAt: Date;
}) {
  const [idea] = await testApp.db
    .insert(ideas)
    .values({ companyId, ...values, status: values.status as "submitted" })
    .returning();
  return idea!;
}

/** An approved idea of the team by `author`, and its action, owned by them. */
async function insertApprovedIdeaWithAction(
  author: Person,
  values: { title: string; submittedAt: Date; dueDate: string; status: ActionStatus },
) {
  const { dueDate, status, ...idea } = values;
  const { id: ideaId } = await insertIdea({ authorId: author.id, teamId, status: "approved", ...idea });
  const [action] = await testApp.db
    .insert(actions)
    .values({ companyId, ideaId, ownerId: author.id, dueDate, status })
    .returning();
  return action!;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  const company = await buildCompany(testApp.db);
  companyId = company.id;
  teamId = (await buildTeam(testApp.db, { companyId })).id;
  otherTeamId = (await buildTeam(testApp.db, { companyId })).id;
  admin = await person({ companyId, role: "admin", isAdmin: true });
  manager = await person({ teamId, role: "manager" });
  employee = await person({ teamId });
  outsider = await person({ teamId });
  otherTeamEmployee = await person({ teamId: otherTeamId });
  const otherCompany = await buildCompany(testApp.db);
  const otherTeam = await buildTeam(testApp.db, { companyId: otherCompany.id });
  otherCompanyPerson = await person({ teamId: otherTeam.id, role: "manager" });
});

afterAll(async () => {
  await testApp.close();
});

describe("GET /api/calendar/", () => {
  it("answers the caller's secret feed address, the same on every visit, and says why no provider can be connected", async () => {
    const response = await testApp.client.get("/api/calendar/", { token: employee.token });
    expect(response.statusCode, response.body).toBe(200);
    const answer = CalendarSettingsResponseSchema.parse(response.json());
    expect(answer.feed_url).toMatch(/^http:\/\/localhost:8000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(answer.connection).toMatchObject({ available: false, status: "not_connected" });
    expect(answer.connection.unavailable_reason).toMatch(/not set up on this server/);
    expect(await feedUrlOf(employee)).toBe(answer.feed_url);
  });

  it("stores only a hash of the token: the database holds no usable address", async () => {
    const feedUrl = await feedUrlOf(employee);
    const token = /\/calendar\/(.+)\.ics$/.exec(feedUrl)![1]!;
    const [row] = await testApp.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, employee.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.companyId).toBe(companyId);
  });

  it("answers 401 without a session", async () => {
    expect((await testApp.client.get("/api/calendar/")).statusCode).toBe(401);
  });
});

describe("GET /calendar/{token}.ics", () => {
  it("answers an RFC 5545 calendar that ical.js reads: deadlines, action due dates and reviews, each on its day", async () => {
    const companyChallenge = await createChallenge(testApp, admin, {
      title: TRICKY_TITLE,
      description: "Line one\nLine two, with a comma; and a semicolon",
      scope: "company",
      ends_at: "2026-12-15",
    });
    const timedChallenge = await createChallenge(testApp, manager, {
      title: "Team deadline at noon in Paris",
      scope: "team",
      team_id: teamId,
      ends_at: "2026-12-20T12:00:00+01:00",
    });
    const action = await insertApprovedIdeaWithAction(employee, {
      title: "Solar panels",
      submittedAt: new Date("2026-11-01T10:00:00Z"),
      dueDate: "2026-12-03",
      status: "todo",
    });
    const waiting = await insertIdea({
      authorId: employee.id,
      teamId,
      title: "Standing desks, please",
      status: "submitted",
      submittedAt: new Date("2026-11-20T18:30:00Z"),
    });

    const response = await fetchFeed(await feedUrlOf(employee));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    // Lines end in CRLF and none is longer than 75 octets (RFC 5545 3.1).
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    for (const line of response.body.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);

    const events = parseFeed(response.body);
    const deadline = events.find((event) => event.uid === `challenge-deadline-${companyChallenge.id}@ideaport`)!;
    expect(deadline.summary).toBe(`Challenge deadline: ${TRICKY_TITLE}`);
    expect(deadline.start.isDate).toBe(true);
    expect(deadline.start.toString()).toBe("2026-12-15");
    expect(deadline.end.toString()).toBe("2026-12-16");
    expect(deadline.status).toBe("CONFIRMED");

    const timed = events.find((event) => event.uid === `challenge-deadline-${timedChallenge.id}@ideaport`)!;
    expect(timed.start.isDate).toBe(false);
    expect(timed.start.toJSDate().toISOString()).toBe("2026-12-20T11:00:00.000Z");

    const due = events.find((event) => event.uid === `action-due-${action.id}@ideaport`)!;
    expect(due.summary).toBe("Action due: Solar panels");
    expect(due.start.isDate).toBe(true);
    expect(due.start.toString()).toBe("2026-12-03");

    // The employee reviews nothing; their manager's feed has the review due 7 days after submission.
    expect(events.some((event) => event.uid.startsWith("idea-review-"))).toBe(false);
    const managerEvents = await eventsOf(manager);
    const review = managerEvents.find((event) => event.uid === `idea-review-${waiting.id}@ideaport`)!;
    expect(review.summary).toBe("Review due: Standing desks, please");
    expect(review.start.toString()).toBe("2026-11-27");
    expect(managerEvents.some((event) => event.uid === `action-due-${action.id}@ideaport`)).toBe(false);

    // The description keeps its line breaks and separators.
    const component = new ICAL.Component(ICAL.parse(response.body))
      .getAllSubcomponents("vevent")
      .find((event) => event.getFirstPropertyValue("uid") === deadline.uid)!;
    expect(component.getFirstPropertyValue("description")).toBe("Line one\nLine two, with a comma; and a semicolon");
  });

  it("moves a review due date with the company's setting", async () => {
    const before = (await eventsOf(manager)).find((event) => event.summary === "Review due: Standing desks, please")!;
    // An admin changes it in Company Settings; the other settings stay as they were.
    const changed = await testApp.client.request({
      method: "PUT",
      url: "/api/calendar/company-settings/",
      body: { review_due_days: 3 },
      token: admin.token,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ success: true, settings: { review_due_days: 3 } });
    const read = await testApp.client.get("/api/calendar/company-settings/", { token: admin.token });
    expect(read.json()).toEqual({ success: true, settings: { review_due_days: 3 } });
    const [company] = await testApp.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.settings.points).toBeDefined();
    const after = (await eventsOf(manager)).find((event) => event.uid === before.uid)!;
    expect(after.start.toString()).toBe("2026-11-23");
    expect(after.sequence).toBeGreaterThanOrEqual(before.sequence);
  });

  it("keeps a challenge's UID as it changes, raises its SEQUENCE, and cancels it when the challenge closes", async () => {
    const challenge = await createChallenge(testApp, admin, {
      title: "Greener commute",
      scope: "company",
      ends_at: "2027-01-10",
    });
    const uid = `challenge-deadline-${challenge.id}@ideaport`;
    const first = (await eventsOf(employee)).find((event) => event.uid === uid)!;
    expect(first.status).toBe("CONFIRMED");

    await editChallengeLater(testApp, admin, challenge.id, {
      ends_at: "2027-01-17",
      title: "Greener commute, extended",
    });
    const changed = (await eventsOf(employee)).filter((event) => event.uid === uid);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.start.toString()).toBe("2027-01-17");
    expect(changed[0]!.summary).toBe("Challenge deadline: Greener commute, extended");
    expect(changed[0]!.sequence).toBeGreaterThan(first.sequence);
    expect(changed[0]!.lastModified!.compare(first.lastModified!)).toBe(1);

    await waitForNextSecond();
    const closed = await testApp.client.post(`/api/challenges/${challenge.id}/close/`, undefined, {
      token: admin.token,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const cancelled = (await eventsOf(employee)).find((event) => event.uid === uid)!;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(changed[0]!.sequence);
  });

  it("cancels an action's due date once the action is done", async () => {
    const action = await insertApprovedIdeaWithAction(outsider, {
      title: "Bike racks",
      submittedAt: new Date("2026-11-02T10:00:00Z"),
      dueDate: "2026-12-05",
      status: "in_progress",
    });
    const uid = `action-due-${action.id}@ideaport`;
    expect((await eventsOf(outsider)).find((event) => event.uid === uid)!.status).toBe("CONFIRMED");
    await testApp.db.update(actions).set({ status: "done" }).where(eq(actions.id, action.id));
    expect((await eventsOf(outsider)).find((event) => event.uid === uid)!.status).toBe("CANCELLED");
  });

  it("shows only the challenges the person can see: the company's and their own teams'", async () => {
    const otherTeams = await createChallenge(testApp, admin, {
      title: "Only for the other team",
      scope: "team",
      team_id: otherTeamId,
      ends_at: "2026-12-30",
    });
    const uid = `challenge-deadline-${otherTeams.id}@ideaport`;
    expect((await eventsOf(employee)).some((event) => event.uid === uid)).toBe(false);
    expect((await eventsOf(otherTeamEmployee)).some((event) => event.uid === uid)).toBe(true);
  });

  it("never shows another company's events in a person's feed", async () => {
    const events = await eventsOf(otherCompanyPerson);
    expect(events).toEqual([]);
  });

  it("answers 304 to the ETag it gave, and a new ETag once something changed", async () => {
    const feedUrl = await feedUrlOf(employee);
    const first = await fetchFeed(feedUrl);
    const etag = first.headers.etag as string;
    const again = await fetchFeed(feedUrl, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect((await fetchFeed(feedUrl, { "if-none-match": `W/${etag}` })).statusCode).toBe(304);

    await createChallenge(testApp, admin, { title: "Something new", scope: "company", ends_at: "2027-02-01" });
    const changed = await fetchFeed(feedUrl, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers 404 for a token that was never issued, a malformed one and a path without .ics", async () => {
    for (const path of [`/calendar/${"A".repeat(43)}.ics`, "/calendar/short.ics", `/calendar/${"A".repeat(43)}`]) {
      const response = await testApp.app.inject({ method: "GET", url: path });
      expect(response.statusCode, path).toBe(404);
    }
  });

  it("answers 404 for a deactivated person's feed", async () => {
    const leaver = await person({ teamId });
    const feedUrl = await feedUrlOf(leaver);
    expect((await fetchFeed(feedUrl)).statusCode).toBe(200);
    await testApp.db.update(users).set({ isActive: false }).where(eq(users.id, leaver.id));
    expect((await fetchFeed(feedUrl)).statusCode).toBe(404);
  });
});

describe("PUT /api/calendar/company-settings/", () => {
  it("refuses a number of days out of range or not whole with 400, and an employee with 403", async () => {
    for (const review_due_days of [0, 61, 2.5, "7"]) {
      const response = await testApp.client.request({
        method: "PUT",
        url: "/api/calendar/company-settings/",
        body: { review_due_days },
        token: admin.token,
      });
      expect(response.statusCode, String(review_due_days)).toBe(400);
      expect(response.json().fields.review_due_days).toBe("Enter a whole number of days from 1 to 60.");
    }
    const employeeAttempt = await testApp.client.request({
      method: "PUT",
      url: "/api/calendar/company-settings/",
      body: { review_due_days: 10 },
      token: employee.token,
    });
    expect(employeeAttempt.statusCode).toBe(403);
  });
});

describe("POST /api/calendar/feed/rotate/", () => {
  it("answers a new address; the old one answers 404 at once and settings show the new one", async () => {
    const oldUrl = await feedUrlOf(manager);
    const response = await testApp.client.post("/api/calendar/feed/rotate/", {}, { token: manager.token });
    expect(response.statusCode, response.body).toBe(200);
    const newUrl = CalendarFeedRotateResponseSchema.parse(response.json()).feed_url;
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchFeed(oldUrl)).statusCode).toBe(404);
    expect((await fetchFeed(newUrl)).statusCode).toBe(200);
    expect(await feedUrlOf(manager)).toBe(newUrl);
  });

  it("works without a body, refuses an unknown field with 400, and needs the CSRF token", async () => {
    const bare = await testApp.client.post("/api/calendar/feed/rotate/", undefined, { token: employee.token });
    expect(bare.statusCode, bare.body).toBe(200);
    const extra = await testApp.client.post(
      "/api/calendar/feed/rotate/",
      { user_id: admin.id },
      { token: employee.token },
    );
    expect(extra.statusCode, extra.body).toBe(400);
    const noCsrf = await testApp.client.post(
      "/api/calendar/feed/rotate/",
      {},
      { token: employee.token, withoutCsrf: true },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it("rotates only the caller's own feed", async () => {
    const adminUrl = await feedUrlOf(admin);
    await testApp.client.post("/api/calendar/feed/rotate/", {}, { token: otherCompanyPerson.token });
    expect((await fetchFeed(adminUrl)).statusCode).toBe(200);
  });
});
