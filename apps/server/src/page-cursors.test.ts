/**
 * Crafted page cursors and impossible dates: every paginated list and every date in a body
 * answers 400 with a readable message, never a database error, and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { ERROR_CATALOGUE, IDEA_MESSAGES } from "@ideaport/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiWorld, buildApiWorld } from "./test/api-world.ts";
import { buildTestApp, type TestApp } from "./test/app.ts";
import { changedTables, databaseFingerprint } from "./test/database-fingerprint.ts";

let testApp: TestApp;
let world: ApiWorld;
beforeAll(async () => {
  testApp = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  world = await buildApiWorld(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString("base64url");
const id = "7d0f3a52-5b8e-4c3a-9b2e-1f6a2d9c4e10";

/** Cursors of the lists sorted by date that hold impossible or out-of-range dates. */
const CRAFTED_DATE_CURSORS: Array<[string, string]> = [
  ["the impossible date 2026-02-31", encode(["2026-02-31T10:00:00.000000Z", id])],
  ["the year 0000", encode(["0000-01-01T00:00:00.000000Z", id])],
  ["the hour 25", encode(["2026-01-01T25:00:00.000000Z", id])],
  ["the minute 61", encode(["2026-01-01T10:61:00.000000Z", id])],
  ["a huge year", encode(["99999-01-01T00:00:00.000000Z", id])],
];

/** Cursors no list makes: wrong types, text PostgreSQL cannot hold, not base64url. */
const CRAFTED_CURSORS: Array<[string, string]> = [
  ["a huge number", encode([1e308, id])],
  ["a number for the id", encode(["2026-01-01T10:00:00.000000Z", 123456789012345])],
  ["a malformed id", encode(["2026-01-01T10:00:00.000000Z", "not-an-id"])],
  ["text with NUL", encode(["a\u0000b", id])],
  ["a lone surrogate", encode(["\ud800", id])],
  ["an empty array", encode([])],
  ["three fields", encode(["2026-01-01T10:00:00.000000Z", id, id])],
  ["an object", encode({ createdAt: "2026-01-01T10:00:00.000000Z", id })],
  ["not base64url", "%%%not*base64"],
  ["base64 with padding", `${encode(["2026-01-01T10:00:00.000000Z", id])}==`],
  ["bytes that are not JSON", "garbage"],
];

/**
 * Every paginated list: its name, its URL, the token of a caller who may read it, and whether it
 * is sorted by date (the users list is sorted by name, where any short text is a valid key).
 */
function listUrls(): Array<[string, () => string, () => string, boolean]> {
  return [
    ["ideas", () => "/api/project-ideas/", () => world.manager.token, true],
    ["challenges", () => "/api/challenges/", () => world.manager.token, true],
    ["actions", () => "/api/actions/", () => world.manager.token, true],
    ["notifications", () => `/api/notifications/${world.employee.id}/`, () => world.employee.token, true],
    ["company users", () => "/api/company/users/", () => world.admin.token, false],
  ];
}

describe("crafted page cursors", () => {
  it.each(listUrls())(
    "the %s list answers 400 to each crafted cursor and changes nothing",
    async (_name, url, token, isByDate) => {
      const before = await databaseFingerprint(testApp.db);
      for (const [description, cursor] of [...CRAFTED_CURSORS, ...(isByDate ? CRAFTED_DATE_CURSORS : [])]) {
        const response = await testApp.client.get(`${url()}?cursor=${encodeURIComponent(cursor)}`, { token: token() });
        expect(response.statusCode, `${description}: ${response.body}`).toBe(400);
        expect(response.json(), description).toEqual({
          success: false,
          error: ERROR_CATALOGUE["request.cursor_invalid"].message.defaultMessage,
          code: "request.cursor_invalid",
          fields: { cursor: "Invalid cursor." },
        });
      }
      expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
    },
  );

  it.each(listUrls())("the %s list still follows the cursors it makes", async (_name, url, token, isByDate) => {
    // A well-formed key of each kind (no row needs to match it).
    const key = isByDate ? ["2026-11-22T09:00:00.123456Z", id] : ["zoe", id];
    const response = await testApp.client.get(`${url()}?cursor=${encode(key)}`, { token: token() });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe("dates in bodies", () => {
  it("answers 400 to the due date 0000-01-01 and to 2026-02-31, and keeps the action as it was", async () => {
    const before = await databaseFingerprint(testApp.db);
    for (const [dueDate, message] of [
      ["0000-01-01", "Please enter a date from the year 1900 to 9999."],
      ["2026-02-31", IDEA_MESSAGES.dueDateInvalid.defaultMessage],
    ] as const) {
      const response = await testApp.client.patch(
        `/api/actions/${world.actionId}/`,
        { due_date: dueDate },
        { token: world.manager.token },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: message, fields: { due_date: message } });
    }
    expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
  });

  it("answers 400 to challenge dates in the year 0000 or on 2026-02-31, and creates nothing", async () => {
    const before = await databaseFingerprint(testApp.db);
    for (const [dates, message] of [
      [{ ends_at: "0000-01-01" }, "Please enter a date from the year 1900 to 9999."],
      [{ starts_at: "0000-01-01T00:00:00Z" }, "Please enter a date from the year 1900 to 9999."],
      [{ ends_at: "2026-02-31T10:00:00Z" }, IDEA_MESSAGES.dateInvalid.defaultMessage],
    ] as const) {
      const response = await testApp.client.post(
        "/api/challenges/",
        { title: `Less paper ${randomUUID().slice(0, 8)}`, scope: "company", ...dates },
        { token: world.admin.token },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const edit = await testApp.client.patch(
      `/api/challenges/${world.companyChallenge.id}/`,
      { ends_at: "0000-12-31" },
      { token: world.admin.token },
    );
    expect(edit.statusCode, edit.body).toBe(400);
    expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
  });
});
