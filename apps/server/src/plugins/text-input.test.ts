import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompanyWithAdmin, signUpWithProof } from "../modules/companies/test-kit.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { changedTables, databaseFingerprint } from "../test/database-fingerprint.ts";
import { NUL_CHARACTER_MESSAGE, SURROGATE_MESSAGE } from "./text-input.ts";

let testApp: TestApp;
let adminToken: string;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  const { admin } = await buildCompanyWithAdmin(testApp.db);
  adminToken = await testApp.tokenFor(admin);
});
afterAll(async () => {
  await testApp?.close();
});

/** A half of a UTF-16 pair on its own: JSON may carry it (`"\ud800"`), but it is no character. */
const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

describe("text that is not well-formed Unicode", () => {
  it.each([
    ["a team name", "POST", "/api/teams/", { name: LONE_HIGH }, "name"],
    ["a news category name", "POST", "/api/news/categories/", { name: `News ${LONE_LOW}` }, "name"],
    ["the company's name", "PATCH", "/api/company/", { name: `Acme ${LONE_HIGH}` }, "name"],
    [
      "an idea's title",
      "POST",
      "/api/project-ideas/",
      { title: `Solar ${LONE_LOW}roof`, description: "Panels on every roof we own." },
      "title",
    ],
    ["a first name", "PATCH", "/api/users/current/", { first_name: LONE_HIGH }, "first_name"],
    ["a reward's title", "POST", "/api/rewards/", { title: `Lunch${LONE_HIGH}`, cost: 10 }, "title"],
    ["a key", "POST", "/api/teams/", { name: "Ops", [LONE_HIGH]: true }, "body"],
  ] as const)(
    "answers 400 for a lone surrogate in %s, and changes nothing",
    async (_case, method, url, body, field) => {
      const before = await databaseFingerprint(testApp.db);
      const response = await testApp.client.request({ method, url, body, token: adminToken });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: "request.invalid",
        error: SURROGATE_MESSAGE.defaultMessage,
        fields: { [field]: SURROGATE_MESSAGE.defaultMessage },
      });
      expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
    },
  );

  it("answers 400 for a lone surrogate in a new company's name or in one of its teams, before anyone signs in", async () => {
    const { user, client } = await signUpWithProof(testApp);
    const company = (name: string, teamName: string) => ({
      name,
      password: "JoinNew123!",
      adminId: user.id,
      teams: [{ name: teamName, invitedMembers: [] }],
      creatorRole: "manager",
    });
    for (const [body, field] of [
      [company(`Acme ${LONE_HIGH}`, "Ops"), "name"],
      [company("Acme Surrogates", `Ops${LONE_LOW}`), "teams.0.name"],
    ] as const) {
      const before = await databaseFingerprint(testApp.db);
      const response = await client.post("/api/create-company/", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({ [field]: SURROGATE_MESSAGE.defaultMessage });
      expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
    }
  });

  it("keeps characters written with a pair of surrogates, such as emoji", async () => {
    const response = await testApp.client.post("/api/teams/", { name: "Party team 🎉" }, { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().team.name).toBe("Party team 🎉");
  });

  it("still refuses the NUL character in its own words", async () => {
    const response = await testApp.client.post("/api/teams/", { name: "a\u0000b" }, { token: adminToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: NUL_CHARACTER_MESSAGE.defaultMessage });
  });

  it("never answers 5xx to a broken character in the query string", async () => {
    for (const q of ["%ED%A0%80", "%F0%9F", "%C0%80"]) {
      const response = await testApp.client.get(`/api/project-ideas/similar/?q=${q}`, { token: adminToken });
      expect(response.statusCode, `${q}: ${response.body}`).toBeLessThan(500);
    }
  });
});
