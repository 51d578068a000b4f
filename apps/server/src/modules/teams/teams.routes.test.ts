import { TeamListResponseSchema, TeamMembersResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ideas, invitations, teamMemberships, teams, users } from "../../db/schema/index.ts";
import { testAppPerTest } from "../../test/app.ts";
import { buildTeam, buildUser } from "../../test/factories.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";

const testApps = testAppPerTest();

/** A company with teams Blue (admin, a manager, an employee) and Green (one employee). */
async function start() {
  const testApp = await testApps.start();
  const { db } = testApp;
  const fixture = await buildCompanyWithAdmin(db, { teamName: "Blue" });
  const green = await buildTeam(db, { companyId: fixture.company.id, name: "Green" });
  const manager = await buildMember(db, fixture.team, { role: "manager", firstName: "Mia", lastName: "Manager" });
  const employee = await buildMember(db, fixture.team, { firstName: "Eli", lastName: "Employee" });
  const greenEmployee = await buildMember(db, green, { firstName: "Gus", lastName: "Green" });
  const tokens = {
    admin: await testApp.tokenFor(fixture.admin),
    manager: await testApp.tokenFor(manager),
    employee: await testApp.tokenFor(employee),
  };
  return { ...testApp, ...fixture, blue: fixture.team, green, manager, employee, greenEmployee, tokens };
}

/** Changes `userId`'s membership of `teamId` (its manager flag) as the holder of `token`. */
function patchMembership(teamId: string, userId: string, body: { is_manager: unknown }, token: string) {
  return testApps.current.client.patch(`/api/teams/${teamId}/members/${userId}/`, body, { token });
}

describe("GET /api/teams/", () => {
  it("lists every active team with its active members to an admin, by name", async () => {
    const { client, db, company, blue, green, tokens } = await start();
    await buildTeam(db, { companyId: company.id, name: "Archive", archivedAt: new Date() });
    await buildMember(db, blue, { isActive: false });
    const response = await client.get("/api/teams/", { token: tokens.admin });
    expect(response.statusCode).toBe(200);
    expect(TeamListResponseSchema.parse(response.json()).teams).toEqual([
      { id: blue.id, name: "Blue", member_count: 3 },
      { id: green.id, name: "Green", member_count: 1 },
    ]);
  });

  it("lists only the teams a manager manages", async () => {
    const { client, blue, tokens } = await start();
    const response = await client.get("/api/teams/", { token: tokens.manager });
    expect(response.json().teams).toEqual([{ id: blue.id, name: "Blue", member_count: 3 }]);
  });

  it("answers 401 anonymously and 403 to an employee or a user without a company", async () => {
    const { client, db, tokens } = await start();
    expect((await client.get("/api/teams/")).statusCode).toBe(401);
    expect((await client.get("/api/teams/", { token: tokens.employee })).statusCode).toBe(403);
    const loner = await buildUser(db);
    expect((await client.get("/api/teams/", { token: await testApps.current.tokenFor(loner) })).statusCode).toBe(403);
  });
});

describe("GET /api/teams/:teamId/members/", () => {
  it("lists a team's members with their manager flag to its manager", async () => {
    const { client, blue, admin, manager, employee, tokens } = await start();
    const response = await client.get(`/api/teams/${blue.id}/members/`, { token: tokens.manager });
    expect(response.statusCode).toBe(200);
    const body = TeamMembersResponseSchema.parse(response.json());
    expect(body.team).toEqual({ id: blue.id, name: "Blue", member_count: 3 });
    expect(body.members.map((member) => [member.id, member.is_manager])).toEqual([
      [admin.id, false],
      [employee.id, false],
      [manager.id, true],
    ]);
    expect(body.members[0]).not.toHaveProperty("password_hash");
  });

  it("answers 403 to a manager of another team, 404 to another company's admin and for a malformed id", async () => {
    const { client, db, green, tokens } = await start();
    const other = await buildCompanyWithAdmin(db);
    expect((await client.get(`/api/teams/${green.id}/members/`, { token: tokens.manager })).statusCode).toBe(403);
    expect((await client.get(`/api/teams/${green.id}/members/`, { token: tokens.admin })).statusCode).toBe(200);
    const stranger = await client.get(`/api/teams/${green.id}/members/`, {
      token: await testApps.current.tokenFor(other.admin),
    });
    expect(stranger.statusCode).toBe(404);
    expect((await client.get("/api/teams/123/members/", { token: tokens.admin })).statusCode).toBe(404);
  });
});

describe("PATCH /api/teams/:teamId/members/:userId/", () => {
  it("lets a manager make a member manager of the team, and back", async () => {
    const { db, blue, employee, company, tokens } = await start();
    const promoted = await patchMembership(blue.id, employee.id, { is_manager: true }, tokens.manager);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member).toMatchObject({ id: employee.id, is_manager: true, role: "manager" });

    const demoted = await patchMembership(blue.id, employee.id, { is_manager: false }, tokens.manager);
    expect(demoted.json().member).toMatchObject({ is_manager: false, role: "employee" });
    const [row] = await db.select().from(users).where(eq(users.id, employee.id));
    expect(row!.role).toBe("employee");
    expect(await auditActionsOf(db, company.id)).toContain("team.manager_changed");
  });

  it("answers 404 for someone outside the team and 403 to an employee", async () => {
    const { blue, greenEmployee, employee, manager, tokens } = await start();
    const outside = await patchMembership(blue.id, greenEmployee.id, { is_manager: true }, tokens.manager);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe("user.not_found");
    const asEmployee = await patchMembership(blue.id, manager.id, { is_manager: false }, tokens.employee);
    expect(asEmployee.statusCode).toBe(403);
    const bad = await patchMembership(blue.id, employee.id, { is_manager: "yes" }, tokens.manager);
    expect(bad.statusCode).toBe(400);
  });
});

describe("DELETE /api/teams/:teamId/members/:userId/", () => {
  it("removes a member who belongs to another team too", async () => {
    const { client, db, blue, green, employee, company, tokens } = await start();
    await db.insert(teamMemberships).values({ companyId: company.id, teamId: green.id, userId: employee.id });
    const response = await client.delete(`/api/teams/${blue.id}/members/${employee.id}/`, { token: tokens.manager });
    expect(response.statusCode).toBe(200);
    const left = await db.select().from(teamMemberships).where(eq(teamMemberships.userId, employee.id));
    expect(left.map((membership) => membership.teamId)).toEqual([green.id]);
    expect(await auditActionsOf(db, company.id)).toContain("team.member_removed");
  });

  it("refuses to take a member's only team with 409", async () => {
    const { client, blue, employee, tokens } = await start();
    const response = await client.delete(`/api/teams/${blue.id}/members/${employee.id}/`, { token: tokens.manager });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("team.last_membership");
  });

  it("answers 404 for someone outside the team or company", async () => {
    const { client, db, blue, greenEmployee, tokens } = await start();
    const other = await buildCompanyWithAdmin(db);
    expect(
      (await client.delete(`/api/teams/${blue.id}/members/${greenEmployee.id}/`, { token: tokens.admin })).statusCode,
    ).toBe(404);
    expect(
      (await client.delete(`/api/teams/${blue.id}/members/${other.admin.id}/`, { token: tokens.admin })).statusCode,
    ).toBe(404);
  });
});

describe("POST /api/teams/", () => {
  it("lets an admin create a team", async () => {
    const { client, db, company, tokens } = await start();
    const response = await client.post("/api/teams/", { name: "  Red  " }, { token: tokens.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().team).toMatchObject({ name: "Red", member_count: 0 });
    expect(await auditActionsOf(db, company.id)).toContain("team.created");
  });

  it("refuses a name the company already uses, ignoring case, but allows it in another company", async () => {
    const { client, db, tokens } = await start();
    const duplicate = await client.post("/api/teams/", { name: "blue" }, { token: tokens.admin });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: "team.name_taken", error: 'Team "Blue" already exists.' });

    const other = await buildCompanyWithAdmin(db);
    const elsewhere = await client.post(
      "/api/teams/",
      { name: "Blue" },
      { token: await testApps.current.tokenFor(other.admin) },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it("answers 'Please enter a team name.' for an empty name and 403 to a manager", async () => {
    const { client, tokens } = await start();
    const empty = await client.post("/api/teams/", { name: " " }, { token: tokens.admin });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Please enter a team name.");
    expect((await client.post("/api/teams/", { name: "Red" }, { token: tokens.manager })).statusCode).toBe(403);
  });
});

describe("PATCH /api/teams/:teamId/", () => {
  it("renames a team, also to another spelling of its own name", async () => {
    const { client, blue, tokens } = await start();
    const renamed = await client.patch(`/api/teams/${blue.id}/`, { name: "BLUE" }, { token: tokens.admin });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().team).toEqual({ id: blue.id, name: "BLUE", member_count: 3 });
  });

  it("answers 409 for another team's name, 403 to a manager and 404 across companies", async () => {
    const { client, db, blue, green, tokens } = await start();
    expect((await client.patch(`/api/teams/${blue.id}/`, { name: "green" }, { token: tokens.admin })).statusCode).toBe(
      409,
    );
    expect((await client.patch(`/api/teams/${blue.id}/`, { name: "Navy" }, { token: tokens.manager })).statusCode).toBe(
      403,
    );
    const other = await buildCompanyWithAdmin(db);
    const stranger = await client.patch(
      `/api/teams/${green.id}/`,
      { name: "Mine" },
      { token: await testApps.current.tokenFor(other.admin) },
    );
    expect(stranger.statusCode).toBe(404);
    const [row] = await db.select().from(teams).where(eq(teams.id, green.id));
    expect(row!.name).toBe("Green");
  });
});

describe("DELETE /api/teams/:teamId/", () => {
  it("refuses to delete a team with members", async () => {
    const { client, green, tokens } = await start();
    const response = await client.delete(`/api/teams/${green.id}/`, { token: tokens.admin });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("team.not_empty");
  });

  it("deletes an empty team without history", async () => {
    const { client, db, company, tokens } = await start();
    const empty = await buildTeam(db, { companyId: company.id });
    const response = await client.delete(`/api/teams/${empty.id}/`, { token: tokens.admin });
    expect(response.json()).toEqual({ success: true, archived: false });
    expect(await db.select().from(teams).where(eq(teams.id, empty.id))).toHaveLength(0);
    expect(await auditActionsOf(db, company.id)).toContain("team.deleted");
  });

  it("archives an empty team with history and revokes its pending invitations", async () => {
    const { client, db, company, admin, tokens } = await start();
    const old = await buildTeam(db, { companyId: company.id, name: "Old" });
    await db.insert(ideas).values({ companyId: company.id, authorId: admin.id, teamId: old.id, title: "Kept" });
    await client.post(
      `/api/teams/${old.id}/invitations/`,
      { firstName: "P", lastName: "Q", email: "pq@example.com", role: "employee", isAdmin: false },
      { token: tokens.admin },
    );
    const response = await client.delete(`/api/teams/${old.id}/`, { token: tokens.admin });
    expect(response.json()).toEqual({ success: true, archived: true });
    const [row] = await db.select().from(teams).where(eq(teams.id, old.id));
    expect(row!.archivedAt).not.toBeNull();
    const [invitation] = await db.select().from(invitations).where(eq(invitations.teamId, old.id));
    expect(invitation!.revokedAt).not.toBeNull();
    const list = await client.get("/api/teams/", { token: tokens.admin });
    expect(list.json().teams.map((team: { name: string }) => team.name)).not.toContain("Old");
    expect((await client.delete(`/api/teams/${old.id}/`, { token: tokens.admin })).statusCode).toBe(404);
  });

  it("answers 403 to a manager and 404 to another company's admin", async () => {
    const { client, db, company, tokens } = await start();
    const empty = await buildTeam(db, { companyId: company.id });
    const other = await buildCompanyWithAdmin(db);
    expect((await client.delete(`/api/teams/${empty.id}/`, { token: tokens.manager })).statusCode).toBe(403);
    expect(
      (await client.delete(`/api/teams/${empty.id}/`, { token: await testApps.current.tokenFor(other.admin) }))
        .statusCode,
    ).toBe(404);
    expect(await db.select().from(teams).where(eq(teams.id, empty.id))).toHaveLength(1);
  });
});
