/**
 * Random input over every API route (property tests with fast-check): whatever JSON a client
 * sends — any value, or objects with the route's real field names and odd values — the server
 * never answers 5xx, answers JSON, and when it refuses (4xx) no table of the database changed.
 *
 * 1. every route with a body, as company A's admin, with real path ids;
 * 2. the same anonymously (401 before any body is read, for the signed-in routes);
 * 3. every route, with random path ids, queries and callers.
 *
 * FUZZ_SEED=<n> replays a failure (the default seed keeps runs repeatable); FUZZ_SCALE=<n>
 * multiplies the number of runs for a longer hunt.
 */
import { api, type Endpoint } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./db/schema/index.ts";
import { type ApiWorld, buildApiWorld, CALLERS, type Caller } from "./test/api-world.ts";
import { buildTestApp, type TestApp } from "./test/app.ts";
import { changedTables, databaseFingerprint } from "./test/database-fingerprint.ts";
import { buildPerson, type Person } from "./test/factories.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS_AS_ADMIN = 20 * SCALE;
const RUNS_ANONYMOUS = 5 * SCALE;
const RUNS_ANY_CALLER = 8 * SCALE;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Routes outside the shared contracts (no schema to read field names from). */
// The unsubscribe link's GET only redirects a browser to the web app's page (no JSON, no contract).
const HIDDEN_ROUTES = new Set([
  "GET /api/docs/",
  "GET /api/csrf-token/",
  "POST /api/csp-report",
  "GET /api/email-preferences/unsubscribe/",
]);

/**
 * Routes that erase a person: they act on a fresh person of company A (as the one erased, and as
 * the caller of "Delete my account"), so the world keeps its people for every other route.
 */
const ERASING_ROUTES = new Set(["DELETE /api/users/current/", "DELETE /api/company/users/:userId/"]);

// Built while the file is collected, so `it.each` can walk the app's own list of routes.
const testApp: TestApp = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000", CSP_REPORTING: "true" } });
const ALL_ROUTES = [...testApp.app.apiRoutes];
const BODY_ROUTES = ALL_ROUTES.filter((route) => BODY_METHODS.has(route.split(" ")[0]!));
let world: ApiWorld;

beforeAll(async () => {
  world = await buildApiWorld(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

// ---------------------------------------------------------------------------------------------
// What the routes take
// ---------------------------------------------------------------------------------------------

const ENDPOINTS = new Map<string, Endpoint>(
  Object.values(api).map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint as Endpoint]),
);

interface SchemaNode {
  shape?: Record<string, unknown>;
  def?: { in?: unknown; innerType?: unknown; element?: unknown; schema?: unknown; options?: unknown[] };
}

/** The field names a zod schema knows, nested objects and arrays included. */
function fieldNamesOf(schema: unknown, names = new Set<string>(), depth = 0): Set<string> {
  const node = schema as SchemaNode | undefined;
  if (!node || depth > 8) return names;
  if (node.shape) {
    for (const [name, field] of Object.entries(node.shape)) {
      names.add(name);
      fieldNamesOf(field, names, depth + 1);
    }
  }
  for (const inner of [
    node.def?.in,
    node.def?.innerType,
    node.def?.element,
    node.def?.schema,
    ...(node.def?.options ?? []),
  ])
    if (inner) fieldNamesOf(inner, names, depth + 1);
  return names;
}

/** Company A's news post or news category for a news path, else undefined. */
function newsIdOf(path: string): string | undefined {
  if (path.startsWith("/api/news/categories/")) return world.newsCategoryId;
  return path.startsWith("/api/news/") ? world.newsId : undefined;
}

/** Company A's chat channel or webhook for an integrations path, else undefined. */
function integrationIdOf(path: string): string | undefined {
  if (path.startsWith("/api/integrations/channels/")) return world.companyChannelId;
  return path.startsWith("/api/webhooks/") ? world.webhookId : undefined;
}

/** The real path ids of a route: company A's records of the kind its path names. */
function realParams(path: string): Record<string, string> {
  const id = path.startsWith("/api/tokens/")
    ? world.apiTokenId
    : path.startsWith("/api/challenges/")
      ? world.teamChallenge.id
      : path.startsWith("/api/actions/")
        ? world.actionId
        : path.startsWith("/api/rewards/")
          ? world.rewardId
          : path.startsWith("/api/redemptions/")
            ? world.redemptionId
            : world.submittedIdea.id;
  return {
    id: newsIdOf(path) ?? integrationIdOf(path) ?? id,
    teamId: world.alpha.id,
    userId: world.employee.id,
    invitationId: world.invitation.id,
    token: world.invitation.token,
    sessionId: world.requesterSessionId,
    tokenId: world.scimTokenId,
    deliveryId: world.webhookDeliveryId,
  };
}

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "x"));
}

// ---------------------------------------------------------------------------------------------
// Random input
// ---------------------------------------------------------------------------------------------

/** Values a client might put in a field: right and wrong types, odd text, real ids, big numbers. */
function anyFieldValue(names: string[]) {
  const realIds = [
    world.admin.id,
    world.employee.id,
    world.alpha.id,
    world.gamma.id,
    world.submittedIdea.id,
    world.companyChallenge.id,
    world.actionId,
    world.adminRequestId,
    world.newsId,
    world.newsCategoryId,
    world.rewardId,
    world.redemptionId,
  ];
  const words = fc.constantFrom(
    "",
    " ",
    "employee",
    "manager",
    "admin",
    "company",
    "team",
    "draft",
    "submitted",
    "under_review",
    "approved",
    "todo",
    "done",
    "2026-12-31",
    "2026-02-30",
    "awaiting_initial_tour",
    "someone@example.com",
    "Password123!",
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "\u0000",
    // Lone UTF-16 surrogates: JSON carries them, no column can store them.
    "\ud800",
    "Team \udc00",
    "🎉 \ud83d",
    "null",
  );
  // Any text with half of a surrogate pair somewhere in it.
  const withLoneSurrogate = fc
    .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 20 }))
    .map(([before, half, after]) => `${before}${String.fromCharCode(half)}${after}`);
  const scalar = fc.oneof(
    fc.string({ maxLength: 40 }),
    withLoneSurrogate,
    words,
    fc.constantFrom(...realIds),
    fc.uuid(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
    fc.boolean(),
    fc.constant(null),
    fc.string({ minLength: 300, maxLength: 3000 }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...names), scalar, { maxKeys: 4 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.dictionary(fc.constantFrom(...names), scalar, { maxKeys: 4 }), { maxLength: 2 }),
    },
  );
}

/** A request body: JSON text of any value, an object with the route's field names, or broken JSON. */
function anyBodyText(names: string[]) {
  const pool = names.length > 0 ? names : ["id", "name"];
  return fc.oneof(
    { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...pool), anyFieldValue(pool), { maxKeys: 7 }).map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((value) => json(value) ?? "null") },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[1,", '{"a":}', "nul", "\u0000") },
  );
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "null";
  }
}

/** A query string with the route's query names and odd values, page cursors included. */
function anyQuery(names: string[]) {
  const pool = [...names, "cursor", "limit"];
  return fc
    .dictionary(
      fc.constantFrom(...pool),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.uuid(),
        fc.integer().map(String),
        fc.constantFrom("true", "", "%", "\u0000", "a\u0000b"),
        craftedCursor(),
      ),
      { maxKeys: 4 },
    )
    .map((entries) => new URLSearchParams(entries).toString());
}

/**
 * A cursor shaped like the server's (base64url JSON of a sort key) holding odd keys: dates with
 * any digits (2026-02-31, year 0000, hour 99), any strings and numbers, ids or not.
 */
function craftedCursor() {
  const digits = (length: number) =>
    fc.integer({ min: 0, max: 10 ** length - 1 }).map((n) => String(n).padStart(length, "0"));
  const timestamp = fc
    .tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), digits(6))
    .map(
      ([year, month, day, hour, minute, second, micro]) =>
        `${year}-${month}-${day}T${hour}:${minute}:${second}.${micro}Z`,
    );
  const field = fc.oneof(
    timestamp,
    fc.uuid(),
    fc.string({ maxLength: 20 }),
    fc.double(),
    fc.constantFrom("a\u0000b", "a\ud800b"),
  );
  return fc
    .array(field, { minLength: 0, maxLength: 3 })
    .map((key) => Buffer.from(JSON.stringify(key)).toString("base64url"));
}

/** Path ids: the real one, another kind's real id, another company's, malformed, unknown. */
function anyPathId() {
  return fc.constantFrom(
    world.submittedIdea.id,
    world.teamChallenge.id,
    world.actionId,
    world.alpha.id,
    world.gamma.id,
    world.employee.id,
    world.otherAdmin.id,
    world.invitation.id,
    world.newsId,
    world.newsCategoryId,
    world.requesterSessionId,
    "not-an-id",
    "00000000-0000-0000-0000-000000000000",
    "%E2%80%AE",
    "\u0000",
    "a".repeat(100),
  );
}

// ---------------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------------

let fingerprint: Record<string, string> | undefined;

/** A fresh person of company A, made between two checked requests. */
async function freshBystander(): Promise<Person> {
  const person = await buildPerson(testApp, { teamId: world.alpha.id });
  // The next check starts from the database with this person in it.
  fingerprint = undefined;
  return person;
}

/** Sends one request and checks it: no 5xx, a JSON answer, and nothing written when refused. */
async function sendAndCheck(request: {
  method: string;
  url: string;
  bodyText?: string;
  caller: Caller;
  /** Calls as this person instead of the caller's world person. */
  token?: string;
}): Promise<number> {
  fingerprint ??= await databaseFingerprint(testApp.db);
  const token = request.token ?? world.tokens[request.caller];
  const response = await testApp.client.request({
    method: request.method as "POST",
    url: request.url,
    ...(request.bodyText === undefined
      ? {}
      : { body: request.bodyText, headers: { "content-type": "application/json" } }),
    ...(token ? { token } : {}),
  });
  const described = `${request.method} ${request.url} as ${request.caller} with ${request.bodyText?.slice(0, 300)}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, described).toBeLessThan(500);
  // Every answer is JSON (a CSV export's success and a redirect excepted); every refusal says why in one readable sentence.
  const isCsv = response.statusCode === 200 && String(response.headers["content-type"]).startsWith("text/csv");
  // The single sign-on callback sends the browser on (303) to the web app's page, which reads the outcome.
  const isRedirect = response.statusCode === 303;
  const answer = response.statusCode === 204 || isCsv || isRedirect ? undefined : response.json();
  if (response.statusCode >= 400) expect(typeof answer?.error, described).toBe("string");
  const after = await databaseFingerprint(testApp.db);
  if (response.statusCode >= 400) expect(changedTables(fingerprint, after), described).toEqual([]);
  fingerprint = after;
  return response.statusCode;
}

/** A day as a filter takes it: real, impossible, out of range, malformed, or any text. */
const anyDay = fc.oneof(
  fc.constantFrom("2026-01-01", "2026-12-31", "2026-02-31", "0000-01-01", "1900-01-01", "9999-12-31", "2026-1-1"),
  fc.string({ maxLength: 12 }),
);

/**
 * Reads `path` with random queries as every kind of caller: never a 5xx, and a list's 200 (a path
 * ending in "/", not a file) is whole, as `response` describes it.
 */
async function checkReadsWithAnyQuery(
  path: string,
  query: fc.Arbitrary<Partial<Record<string, string>>>,
  response: { safeParse(value: unknown): { success: boolean } },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(query, fc.constantFrom(...CALLERS), async (entries, caller) => {
      const url = `${path}?${new URLSearchParams(entries as Record<string, string>)}`;
      const status = await sendAndCheck({ method: "GET", url, caller });
      if (status === 200 && path.endsWith("/")) {
        const answer = (await testApp.client.get(url, { token: world.tokens[caller] })).json();
        expect(response.safeParse(answer).success, url).toBe(true);
      }
    }),
    { numRuns: RUNS_AS_ADMIN, seed: SEED },
  );
}

describe("random input", () => {
  it("has a fingerprint that notices any write", async () => {
    const before = await databaseFingerprint(testApp.db);
    expect(await databaseFingerprint(testApp.db)).toEqual(before);
    await testApp.db
      .update(users)
      .set({ onboardingStatus: "admin_overlay_completed" })
      .where(eq(users.id, world.requester.id));
    expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual(["users"]);
  });

  it("knows the schema of every documented route, and the OpenAPI document describes them", async () => {
    const documented = ALL_ROUTES.filter((route) => !HIDDEN_ROUTES.has(route));
    expect(documented.filter((route) => !ENDPOINTS.has(route))).toEqual([]);
    const paths = (await testApp.client.get("/api/docs/")).json().paths as Record<string, Record<string, unknown>>;
    for (const route of documented) {
      const [method, path] = route.split(" ") as [string, string];
      const openApiPath = path.replace(/:([A-Za-z_]+)/g, "{$1}");
      expect(paths[openApiPath]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it.each(BODY_ROUTES)("%s: an admin's random bodies never cause a 5xx or a write on refusal", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const names = [...fieldNamesOf(ENDPOINTS.get(route)?.body)];
    const queryNames = [...fieldNamesOf(ENDPOINTS.get(route)?.query)];
    const erased = ERASING_ROUTES.has(route) ? await freshBystander() : undefined;
    const url = fill(path, { ...realParams(path), ...(erased ? { userId: erased.id } : {}) });
    await fc.assert(
      fc.asyncProperty(anyBodyText(names), anyQuery(queryNames), async (bodyText, query) => {
        // "Delete my account" is called by the fresh person itself (an admin may not be the last one here).
        const token = erased && !path.includes(":userId") ? erased.token : undefined;
        await sendAndCheck({ method, url: `${url}?${query}`, bodyText, caller: "admin", ...(token ? { token } : {}) });
      }),
      { numRuns: RUNS_AS_ADMIN, seed: SEED },
    );
  });

  it.each(BODY_ROUTES)("%s: anonymous random bodies never cause a 5xx or a write on refusal", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const endpoint = ENDPOINTS.get(route);
    const names = [...fieldNamesOf(endpoint?.body)];
    const url = fill(path, realParams(path));
    await fc.assert(
      fc.asyncProperty(anyBodyText(names), async (bodyText) => {
        const status = await sendAndCheck({ method, url, bodyText, caller: "anonymous" });
        if (endpoint?.auth) expect(status, route).toBe(401);
      }),
      { numRuns: RUNS_ANONYMOUS, seed: SEED },
    );
  });

  it.each(["/api/analytics/overview/", "/api/analytics/ideas.csv"])(
    "GET %s: periods, days and teams of any kind never cause a 5xx, and what is answered is whole",
    async (path) => {
      const query = fc.record(
        {
          period: fc.oneof(fc.constantFrom("30d", "quarter", "year", "custom"), fc.string({ maxLength: 8 })),
          from: anyDay,
          to: anyDay,
          team: fc.oneof(fc.constantFrom(world.alpha.id, world.gamma.id), fc.uuid(), fc.string({ maxLength: 8 })),
        },
        { requiredKeys: [] },
      );
      await checkReadsWithAnyQuery(path, query, api.analyticsOverview.response);
    },
  );

  it.each(["/api/audit-log/", "/api/audit-log.csv"])(
    "GET %s: people, actions and days of any kind never cause a 5xx, and what is answered is whole",
    async (path) => {
      const query = fc.record(
        {
          actor: fc.oneof(fc.constantFrom(world.admin.id, world.otherAdmin.id), fc.uuid(), fc.string({ maxLength: 8 })),
          action: fc.oneof(
            fc.constantFrom("user.role_changed", "auth.sign_in_failed", "sso.configured"),
            fc.string({ maxLength: 12 }),
          ),
          from: anyDay,
          to: anyDay,
          limit: fc.oneof(fc.integer({ min: -1, max: 101 }).map(String), fc.string({ maxLength: 4 })),
        },
        { requiredKeys: [] },
      );
      await checkReadsWithAnyQuery(path, query, api.listAuditLog.response);
    },
  );

  it.each(ALL_ROUTES)("%s: random path ids, queries and callers never cause a 5xx", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const endpoint = ENDPOINTS.get(route);
    const names = [...fieldNamesOf(endpoint?.body)];
    const queryNames = [...fieldNamesOf(endpoint?.query)];
    await fc.assert(
      fc.asyncProperty(
        anyPathId(),
        anyQuery(queryNames),
        fc.constantFrom(...CALLERS),
        BODY_METHODS.has(method) ? anyBodyText(names) : fc.constant(undefined),
        async (id, query, caller, bodyText) => {
          const bystander = ERASING_ROUTES.has(route) ? await freshBystander() : undefined;
          const userId = bystander && id === world.employee.id ? bystander.id : id;
          const params = {
            id,
            teamId: id,
            userId,
            invitationId: id,
            token: id,
            sessionId: id,
            tokenId: id,
            deliveryId: id,
          };
          const token = bystander && caller !== "anonymous" && !path.includes(":userId") ? bystander.token : undefined;
          await sendAndCheck({
            method,
            url: `${fill(path, params)}?${query}`,
            bodyText,
            caller,
            ...(token ? { token } : {}),
          });
        },
      ),
      { numRuns: RUNS_ANY_CALLER, seed: SEED },
    );
  });
});
