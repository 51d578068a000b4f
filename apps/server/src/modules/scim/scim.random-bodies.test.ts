/**
 * Random input over every SCIM route (property tests with fast-check): whatever JSON an identity
 * provider sends — any value, or User, Group and PATCH bodies with SCIM's real attribute names and
 * odd values, and any filter text — the answer is never 5xx, always SCIM JSON, and a refusal is in
 * SCIM's error shape.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { buildProvisionedCompany, ERROR_SCHEMA } from "./scim.test-kit.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);
const RUNS = 25 * Number(process.env.FUZZ_SCALE ?? 1);

const ATTRIBUTES = [
  "userName",
  "externalId",
  "displayName",
  "active",
  "name",
  "name.givenName",
  "name.familyName",
  "emails",
  'emails[type eq "work"].value',
  "members",
  'members[value eq "x"]',
  "id",
  "meta",
  "groups",
  "schemas",
  "title",
  "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department",
];

function anyValue(ids: string[]) {
  const leaf = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom("True", "False", "true", "", "a@b.example", "ada@acme.example", ...ids),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constant(null),
  );
  return fc.oneof(
    leaf,
    fc.array(fc.record({ value: leaf, type: fc.constantFrom("work", "home"), primary: fc.boolean() }), {
      maxLength: 3,
    }),
    fc.dictionary(fc.constantFrom(...ATTRIBUTES, "givenName", "familyName", "value"), leaf, { maxKeys: 4 }),
    fc.anything({ maxDepth: 2 }),
  );
}

function anyResource(ids: string[]) {
  return fc.oneof(
    fc.dictionary(fc.constantFrom(...ATTRIBUTES), anyValue(ids), { maxKeys: 6 }),
    fc.anything({ maxDepth: 3 }),
  );
}

function anyPatch(ids: string[]) {
  const operation = fc.record(
    {
      op: fc.oneof(
        fc.constantFrom("add", "Add", "replace", "Replace", "remove", "REMOVE"),
        fc.string({ maxLength: 8 }),
      ),
      path: fc.oneof(fc.constantFrom(...ATTRIBUTES), fc.string({ maxLength: 30 })),
      value: anyValue(ids),
    },
    { requiredKeys: ["op"] },
  );
  return fc.oneof(
    fc.record({
      schemas: fc.constant(["urn:ietf:params:scim:api:messages:2.0:PatchOp"]),
      Operations: fc.array(operation, { maxLength: 4 }),
    }),
    fc.anything({ maxDepth: 3 }),
  );
}

const anyFilter = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .tuple(
      fc.constantFrom("userName", "externalId", "id", "active", "displayName", "emails.value", "title", "meta.created"),
      fc.constantFrom("eq", "ne", "co", "sw", "ew", "gt", "pr", "xx"),
      fc.oneof(
        fc.string({ maxLength: 20 }).map((text) => JSON.stringify(text)),
        fc.constantFrom("true", "1", "null"),
      ),
    )
    .map(([attribute, op, value]) => (op === "pr" ? `${attribute} pr` : `${attribute} ${op} ${value}`)),
);

describe("random input on /scim/v2/", () => {
  const app = startedForSuite(() => buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } }));

  async function expectScimAnswer(answer: { status: number; headers: Record<string, unknown>; body: unknown }) {
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    if (answer.status === 204) return;
    expect(String(answer.headers["content-type"])).toContain("application/scim+json");
    if (answer.status >= 400) {
      expect(answer.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(answer.status) });
    }
  }

  it("answers any body to POST, PUT and PATCH of Users and Groups without a 5xx", async () => {
    const world = await buildProvisionedCompany(app, "Fuzz");
    const person = (await world.scim.post("/Users", { userName: "fuzz.person@fuzz.example" })).body;
    const ids = [person.id, world.admin.id, world.defaultTeam.id];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("Users", "Groups"),
        fc.constantFrom("POST", "PUT", "PATCH"),
        anyResource(ids),
        anyPatch(ids),
        async (resource, method, body, patch) => {
          const id = resource === "Users" ? person.id : world.defaultTeam.id;
          const answer =
            method === "POST"
              ? await world.scim.post(`/${resource}`, body)
              : method === "PUT"
                ? await world.scim.put(`/${resource}/${id}`, body)
                : await world.scim.patch(`/${resource}/${id}`, patch);
          await expectScimAnswer(answer);
        },
      ),
      { numRuns: RUNS * 4, seed: SEED },
    );
  });

  it("answers any filter, startIndex and count without a 5xx", async () => {
    const world = await buildProvisionedCompany(app, "Filters");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("Users", "Groups"),
        anyFilter,
        fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
        fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
        async (resource, filter, startIndex, count) => {
          const query = new URLSearchParams({ filter, startIndex: String(startIndex), count: String(count) });
          await expectScimAnswer(await world.scim.get(`/${resource}?${query}`));
        },
      ),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });
});
