import { CompanyUsersResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refreshTokens, teamMemberships, users } from "../../db/schema/index.ts";
import { createAccessTokens } from "../../lib/access-token.ts";
import { testAppPerTest } from "../../test/app.ts";
import { buildTeam } from "../../test/factories.ts";
import { issueSession } from "../auth/auth.service.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  const { db } = testApp;
  const fixture = await buildCompanyWithAdmin(db);
  const bob = await buildMember(db, fixture.team, {
    firstName: "Bob",
    lastName: "Baker",
    email: "bob.baker@example.com",
  });
  const cleo = await buildMember(db, fixture.team, { firstName: "Cleo", lastName: "Cook", role: "manager" });
  const dan = await buildMember(db, fixture.team, { firstName: "Dan", lastName: "Dyer", isActive: false });
  return { ...testApp, ...fixture, bob, cleo, dan, adminToken: await testApp.tokenFor(fixture.admin) };
}

describe("GET /api/company/users/", () => {
  it("pages through the company's users by name, with their teams, and nobody else's", async () => {
    const { client, db, admin, bob, cleo, dan, team, adminToken } = await start();
    await buildCompanyWithAdmin(db);

    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const response = await client.get(`/api/company/users/?limit=2${query}`, { token: adminToken });
      expect(response.statusCode).toBe(200);
      const body = CompanyUsersResponseSchema.parse(response.json());
      ids.push(...body.users.map((user) => user.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(ids).toEqual([admin.id, bob.id, cleo.id, dan.id]);

    const first = (await client.get("/api/company/users/", { token: adminToken })).json().users;
    expect(first.find((user: { id: string }) => user.id === cleo.id)).toMatchObject({
      role: "manager",
      is_admin: false,
      is_active: true,
      team: [{ id: team.id, name: team.name, is_manager: true }],
    });
    expect(first.find((user: { id: string }) => user.id === dan.id).is_active).toBe(false);
  });

  it("searches first name, last name, display name and e-mail, ignoring case and wildcards", async () => {
    const { client, bob, cleo, adminToken } = await start();
    const search = async (q: string) =>
      (await client.get(`/api/company/users/?q=${encodeURIComponent(q)}`, { token: adminToken }))
        .json()
        .users.map((user: { id: string }) => user.id);
    expect(await search("BAKER")).toEqual([bob.id]);
    expect(await search("bob.baker@")).toEqual([bob.id]);
    expect(await search("cleo cook")).toEqual([cleo.id]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("answers 400 for a forged cursor, 403 to a manager and 401 anonymously", async () => {
    const { client, cleo, adminToken } = await start();
    expect((await client.get("/api/company/users/?cursor=abc", { token: adminToken })).statusCode).toBe(400);
    const managerToken = await testApps.current.tokenFor(cleo);
    expect((await client.get("/api/company/users/", { token: managerToken })).statusCode).toBe(403);
    expect((await client.get("/api/company/users/")).statusCode).toBe(401);
  });
});

describe("PATCH /api/company/users/:userId/", () => {
  it("changes the role, and with it the manager flag of the user's teams", async () => {
    const { client, db, bob, company, adminToken } = await start();
    const response = await client.patch(`/api/company/users/${bob.id}/`, { role: "manager" }, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: "manager", team: [{ is_manager: true }] });
    const back = await client.patch(`/api/company/users/${bob.id}/`, { role: "employee" }, { token: adminToken });
    expect(back.json().user).toMatchObject({ role: "employee", team: [{ is_manager: false }] });
    expect(await auditActionsOf(db, company.id)).toContain("user.role_changed");
  });

  it("grants and removes the admin flag", async () => {
    const { client, db, bob, company, adminToken } = await start();
    const granted = await client.patch(`/api/company/users/${bob.id}/`, { is_admin: true }, { token: adminToken });
    expect(granted.json().user.is_admin).toBe(true);
    const removed = await client.patch(`/api/company/users/${bob.id}/`, { is_admin: false }, { token: adminToken });
    expect(removed.json().user.is_admin).toBe(false);
    const actions = await auditActionsOf(db, company.id);
    expect(actions).toEqual(expect.arrayContaining(["user.made_admin", "user.admin_removed"]));
  });

  it("moves a user to another team of the company, and refuses another company's team", async () => {
    const { client, db, cleo, company, adminToken } = await start();
    const research = await buildTeam(db, { companyId: company.id, name: "Research" });
    const other = await buildCompanyWithAdmin(db);
    const moved = await client.patch(`/api/company/users/${cleo.id}/`, { team_id: research.id }, { token: adminToken });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user.team).toEqual([{ id: research.id, name: "Research", is_manager: true }]);
    const foreign = await client.patch(
      `/api/company/users/${cleo.id}/`,
      { team_id: other.team.id },
      { token: adminToken },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("team.not_found");
    const memberships = await db.select().from(teamMemberships).where(eq(teamMemberships.userId, cleo.id));
    expect(memberships.map((membership) => membership.teamId)).toEqual([research.id]);
    expect(await auditActionsOf(db, company.id)).toContain("user.moved_team");
  });

  it("deactivates a user, whose token and sessions stop working, and reactivates them", async () => {
    const { client, db, bob, config, clock, adminToken } = await start();
    const session = await issueSession(
      { db, accessTokens: createAccessTokens(config.jwtSecret, clock), clock },
      bob.id,
      { userAgent: null, ipAddress: null },
    );
    const bobToken = await testApps.current.tokenFor(bob);
    expect((await client.get(`/api/notifications/${bob.id}/`, { token: bobToken })).statusCode).toBe(200);

    const off = await client.patch(`/api/company/users/${bob.id}/`, { is_active: false }, { token: adminToken });
    expect(off.json().user.is_active).toBe(false);
    expect((await client.get(`/api/notifications/${bob.id}/`, { token: bobToken })).statusCode).toBe(401);
    const live = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, bob.id));
    expect(live.every((token) => token.revokedAt !== null)).toBe(true);
    expect((await client.post("/api/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);

    const on = await client.patch(`/api/company/users/${bob.id}/`, { is_active: true }, { token: adminToken });
    expect(on.json().user.is_active).toBe(true);
    // Reactivation does not revive what deactivation ended: Bob signs in again.
    expect((await client.get(`/api/notifications/${bob.id}/`, { token: bobToken })).statusCode).toBe(401);
    const fresh = await testApps.current.tokenFor(bob);
    expect((await client.get(`/api/notifications/${bob.id}/`, { token: fresh })).statusCode).toBe(200);
  });

  it("keeps the last active admin: no removing one's own flag or deactivating oneself", async () => {
    const { client, db, admin, dan, adminToken } = await start();
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, dan.id)); // inactive: does not count
    for (const change of [{ is_admin: false }, { is_active: false }]) {
      const response = await client.patch(`/api/company/users/${admin.id}/`, change, { token: adminToken });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "company.last_admin",
        error: "The company needs at least one active administrator. Make someone else an administrator first.",
      });
    }
    const [row] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ isAdmin: true, isActive: true });
  });

  it("lets an admin step down once another active admin exists", async () => {
    const { client, bob, admin, adminToken } = await start();
    await client.patch(`/api/company/users/${bob.id}/`, { is_admin: true }, { token: adminToken });
    const response = await client.patch(`/api/company/users/${admin.id}/`, { is_admin: false }, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.is_admin).toBe(false);
  });

  it("answers 404 for another company's user or a malformed id, 403 to a manager, 400 for bad input", async () => {
    const { client, db, bob, cleo, adminToken } = await start();
    const other = await buildCompanyWithAdmin(db);
    expect(
      (await client.patch(`/api/company/users/${other.admin.id}/`, { is_admin: false }, { token: adminToken }))
        .statusCode,
    ).toBe(404);
    expect((await client.patch("/api/company/users/42/", { is_admin: true }, { token: adminToken })).statusCode).toBe(
      404,
    );
    expect(
      (
        await client.patch(
          `/api/company/users/${bob.id}/`,
          { is_admin: true },
          { token: await testApps.current.tokenFor(cleo) },
        )
      ).statusCode,
    ).toBe(403);
    expect((await client.patch(`/api/company/users/${bob.id}/`, {}, { token: adminToken })).statusCode).toBe(400);
    expect(
      (await client.patch(`/api/company/users/${bob.id}/`, { role: "admin" }, { token: adminToken })).statusCode,
    ).toBe(400);
    const [row] = await db.select().from(users).where(eq(users.id, other.admin.id));
    expect(row!.isAdmin).toBe(true);
  });
});
