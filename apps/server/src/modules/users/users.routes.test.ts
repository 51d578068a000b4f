import { ONBOARDING_STATUSES } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  return testApp;
}

async function companyWithTeam(app: TestApp) {
  const company = await buildCompany(app.db);
  const team = await buildTeam(app.db, { companyId: company.id });
  return { company, team };
}

describe("GET /api/users/current/", () => {
  it("answers the signed-in user as the spec's User entity", async () => {
    const app = await start();
    const { company, team } = await companyWithTeam(app);
    const user = await buildUser(app.db, { teamId: team.id, firstName: "Ada", lastName: "Lovelace" });

    const response = await app.client.get("/api/users/current/", { token: await app.tokenFor(user) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      _id: user.id,
      email: user.email,
      display_name: "Ada Lovelace",
      first_name: "Ada",
      last_name: "Lovelace",
      role: "employee",
      team: [{ id: team.id, name: team.name, is_manager: false }],
      company_id: company.id,
      company_name: company.name,
      is_admin: false,
      onboarding_status: "awaiting_initial_tour",
      language: null,
      effective_language: "en",
    });
    expect(response.body).not.toContain("password");
  });

  it("answers 401 without a token or with a forged one", async () => {
    const app = await start();
    expect((await app.client.get("/api/users/current/")).statusCode).toBe(401);
    expect((await app.client.get("/api/users/current/", { token: "forged.token.here" })).statusCode).toBe(401);
  });
});

describe("GET /api/user/:userId", () => {
  it("answers the display name of a colleague", async () => {
    const app = await start();
    const { team } = await companyWithTeam(app);
    const caller = await buildUser(app.db, { teamId: team.id });
    const colleague = await buildUser(app.db, { teamId: team.id, firstName: "Grace", lastName: "Hopper" });

    const response = await app.client.get(`/api/user/${colleague.id}`, { token: await app.tokenFor(caller) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ display_name: "Grace Hopper" });
  });

  it("answers 404 for a user of another company, as for an unknown or malformed id", async () => {
    const app = await start();
    const mine = await companyWithTeam(app);
    const theirs = await companyWithTeam(app);
    const caller = await buildUser(app.db, { teamId: mine.team.id });
    const stranger = await buildUser(app.db, { teamId: theirs.team.id });
    const token = await app.tokenFor(caller);

    const across = await app.client.get(`/api/user/${stranger.id}`, { token });
    const unknown = await app.client.get("/api/user/00000000-0000-4000-8000-000000000000", { token });
    const malformed = await app.client.get("/api/user/not-an-id", { token });

    expect(across.statusCode).toBe(404);
    expect(across.json()).toEqual(unknown.json());
    expect(malformed.statusCode).toBe(404);
  });

  it("lets a user without a company see only themself", async () => {
    const app = await start();
    const { team } = await companyWithTeam(app);
    const loner = await buildUser(app.db, { firstName: "Solo", lastName: "Person" });
    const other = await buildUser(app.db, { teamId: team.id });
    const otherLoner = await buildUser(app.db);
    const token = await app.tokenFor(loner);

    expect((await app.client.get(`/api/user/${loner.id}`, { token })).json()).toEqual({ display_name: "Solo Person" });
    expect((await app.client.get(`/api/user/${other.id}`, { token })).statusCode).toBe(404);
    expect((await app.client.get(`/api/user/${otherLoner.id}`, { token })).statusCode).toBe(404);
  });

  it("answers 401 without a token", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    expect((await app.client.get(`/api/user/${user.id}`)).statusCode).toBe(401);
  });
});

describe("POST /api/user/update-onboarding-status/", () => {
  it.each(ONBOARDING_STATUSES)("saves %s and answers the updated user", async (status) => {
    const app = await start();
    const user = await buildUser(app.db);

    const response = await app.client.post(
      "/api/user/update-onboarding-status/",
      { onboarding_status: status },
      { token: await app.tokenFor(user) },
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { id: user.id, onboarding_status: status } });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.onboardingStatus).toBe(status);
  });

  it("refuses any other value with 400 and changes nothing", async () => {
    const app = await start();
    const user = await buildUser(app.db, { onboardingStatus: "awaiting_employee_company_tour" });
    const token = await app.tokenFor(user);

    for (const value of ["finished", "", "AWAITING_INITIAL_TOUR", null, 3, ["admin_overlay_completed"]]) {
      const response = await app.client.post(
        "/api/user/update-onboarding-status/",
        { onboarding_status: value },
        { token },
      );
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const missing = await app.client.post("/api/user/update-onboarding-status/", {}, { token });
    expect(missing.statusCode).toBe(400);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.onboardingStatus).toBe("awaiting_employee_company_tour");
  });

  it("changes only the caller, whatever the body says", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const other = await buildUser(app.db);

    await app.client.post(
      "/api/user/update-onboarding-status/",
      { onboarding_status: "admin_overlay_completed", userId: other.id, is_admin: true },
      { token: await app.tokenFor(user) },
    );

    const [otherRow] = await app.db.select().from(users).where(eq(users.id, other.id));
    const [userRow] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(otherRow!.onboardingStatus).toBe("awaiting_initial_tour");
    expect(userRow!.isAdmin).toBe(false);
  });

  it("answers 401 without a token", async () => {
    const app = await start();
    const response = await app.client.post("/api/user/update-onboarding-status/", {
      onboarding_status: "admin_overlay_completed",
    });
    expect(response.statusCode).toBe(401);
  });
});
