import { AcceptInvitationResponseSchema, InvitationListResponseSchema } from "@ideaport/shared";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { invitations, mailOutbox, teamMemberships, users } from "../../db/schema/index.ts";
import { testAppPerTest } from "../../test/app.ts";
import { buildTeam, buildUser } from "../../test/factories.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  const fixture = await buildCompanyWithAdmin(testApp.db, { name: "Initech" });
  const adminToken = await testApp.tokenFor(fixture.admin);
  return { ...testApp, ...fixture, adminToken };
}

const DAY = 24 * 60 * 60 * 1000;

function member(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Nina",
    lastName: "New",
    email: "nina@example.com",
    role: "employee",
    isAdmin: false,
    ...overrides,
  };
}

/** The token of the newest invitation e-mail to `email`, read from its link. */
async function tokenFromMail(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const match = mail?.text.match(/\/accept-invitation\/([\w-]+)/);
  if (!match?.[1]) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}

describe("POST /api/teams/:teamId/invitations/", () => {
  it("lets an admin invite to any team of the company and e-mails a single-use link", async () => {
    const { client, db, company, adminToken } = await start();
    const otherTeam = await buildTeam(db, { companyId: company.id, name: "Research" });
    const response = await client.post(`/api/teams/${otherTeam.id}/invitations/`, member({ isAdmin: true }), {
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().invitation).toMatchObject({
      team_id: otherTeam.id,
      team_name: "Research",
      email: "nina@example.com",
      role: "employee",
      is_admin: true,
      invited_by_name: "Ada Admin",
    });
    expect(response.json().invitation).not.toHaveProperty("token_hash");
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "nina@example.com"));
    expect(mail!.subject).toBe("You're invited to join Initech on Ideaport");
    expect(mail!.text).toContain('join the team "Research" at Initech');
    expect(mail!.html).toContain("/accept-invitation/");
    expect(await auditActionsOf(db, company.id)).toContain("invitation.created");
  });

  it("lets a manager invite to the team they manage, but not to another team nor as admin", async () => {
    const { client, db, company, team } = await start();
    const manager = await buildMember(db, team, { role: "manager" });
    const otherTeam = await buildTeam(db, { companyId: company.id });
    const token = await testApps.current.tokenFor(manager);

    expect((await client.post(`/api/teams/${team.id}/invitations/`, member(), { token })).statusCode).toBe(200);
    expect((await client.post(`/api/teams/${otherTeam.id}/invitations/`, member(), { token })).statusCode).toBe(403);
    const asAdmin = await client.post(
      `/api/teams/${team.id}/invitations/`,
      member({ email: "boss@example.com", isAdmin: true }),
      {
        token,
      },
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(await db.select().from(invitations).where(eq(invitations.email, "boss@example.com"))).toHaveLength(0);
  });

  it("answers 401 anonymously, 403 to an employee and 404 to another company's admin", async () => {
    const { client, db, team } = await start();
    const employee = await buildMember(db, team);
    const other = await buildCompanyWithAdmin(db);
    expect((await client.post(`/api/teams/${team.id}/invitations/`, member())).statusCode).toBe(401);
    const asEmployee = await client.post(`/api/teams/${team.id}/invitations/`, member(), {
      token: await testApps.current.tokenFor(employee),
    });
    expect(asEmployee.statusCode).toBe(403);
    const asStranger = await client.post(`/api/teams/${team.id}/invitations/`, member(), {
      token: await testApps.current.tokenFor(other.admin),
    });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().code).toBe("team.not_found");
    expect(await db.select().from(invitations)).toHaveLength(0);
  });

  it("refuses a second pending invitation of the same e-mail to the same team, ignoring case", async () => {
    const { client, db, company, team, admin, adminToken } = await start();
    expect((await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken })).statusCode).toBe(
      200,
    );
    const duplicate = await client.post(`/api/teams/${team.id}/invitations/`, member({ email: "NINA@example.com" }), {
      token: adminToken,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe("This email address has already been invited to this team.");

    const otherTeam = await buildTeam(db, { companyId: company.id });
    const elsewhere = await client.post(`/api/teams/${otherTeam.id}/invitations/`, member(), { token: adminToken });
    expect(elsewhere.statusCode).toBe(200);

    testApps.current.clock.advance(7 * DAY + 1000);
    // Access tokens live 15 minutes; sign in again after the week.
    const freshToken = await testApps.current.tokenFor(admin);
    const afterExpiry = await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: freshToken });
    expect(afterExpiry.statusCode).toBe(200);
  });

  it("refuses to invite someone who is already a member of the company", async () => {
    const { client, db, team, adminToken } = await start();
    const existing = await buildMember(db, team);
    const response = await client.post(
      `/api/teams/${team.id}/invitations/`,
      member({ email: existing.email.toUpperCase() }),
      {
        token: adminToken,
      },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("invitation.already_member");
  });

  it.each([
    ["a missing first name", { firstName: "" }, "First name, last name, and email are required."],
    ["a missing e-mail", { email: undefined }, "First name, last name, and email are required."],
    ["an invalid e-mail", { email: "nina@" }, "Please enter a valid email address."],
  ])("answers 400 for %s with the spec's message", async (_name, overrides, message) => {
    const { client, team, adminToken } = await start();
    const response = await client.post(`/api/teams/${team.id}/invitations/`, member(overrides), { token: adminToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});

describe("GET /api/teams/:teamId/invitations/", () => {
  it("lists only pending invitations, newest first", async () => {
    const { client, db, team, admin, adminToken } = await start();
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await client.post(`/api/teams/${team.id}/invitations/`, member({ email }), { token: adminToken });
      testApps.current.clock.advance(1000);
    }
    const [revoked] = await db.select().from(invitations).where(eq(invitations.email, "b@example.com"));
    await client.delete(`/api/invitations/${revoked!.id}/`, { token: adminToken });
    await client.post(`/api/invitations/${await tokenFromMail(db, "c@example.com")}/accept/`, {
      first_name: "C",
      last_name: "C",
      password: "Password123!",
    });

    const response = await client.get(`/api/teams/${team.id}/invitations/`, { token: adminToken });
    const body = InvitationListResponseSchema.parse(response.json());
    expect(body.invitations.map((item) => item.email)).toEqual(["a@example.com"]);

    testApps.current.clock.advance(7 * DAY);
    const later = await client.get(`/api/teams/${team.id}/invitations/`, {
      token: await testApps.current.tokenFor(admin),
    });
    expect(later.json().invitations).toEqual([]);
  });

  it("answers 403 to an employee and 404 to another company's admin", async () => {
    const { client, db, team } = await start();
    const employee = await buildMember(db, team);
    const other = await buildCompanyWithAdmin(db);
    expect(
      (await client.get(`/api/teams/${team.id}/invitations/`, { token: await testApps.current.tokenFor(employee) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client.get(`/api/teams/${team.id}/invitations/`, { token: await testApps.current.tokenFor(other.admin) }))
        .statusCode,
    ).toBe(404);
    expect((await client.get(`/api/teams/${team.id}/invitations/`)).statusCode).toBe(401);
  });
});

describe("DELETE /api/invitations/:invitationId/", () => {
  it("revokes a pending invitation, whose link then stops working", async () => {
    const { client, db, team, company, adminToken } = await start();
    const created = await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");
    const id = created.json().invitation.id;

    const response = await client.delete(`/api/invitations/${id}/`, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect((await client.get(`/api/invitations/${token}/`)).statusCode).toBe(400);
    const again = await client.delete(`/api/invitations/${id}/`, { token: adminToken });
    expect(again.statusCode).toBe(409);
    expect(await auditActionsOf(db, company.id)).toContain("invitation.revoked");
  });

  it("answers 404 to another company's admin and for a malformed id, 403 to a manager of another team", async () => {
    const { client, db, team, company, adminToken } = await start();
    const created = await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const id = created.json().invitation.id;
    const other = await buildCompanyWithAdmin(db);
    const otherTeam = await buildTeam(db, { companyId: company.id });
    const managerElsewhere = await buildMember(db, otherTeam, { role: "manager" });

    expect(
      (await client.delete(`/api/invitations/${id}/`, { token: await testApps.current.tokenFor(other.admin) }))
        .statusCode,
    ).toBe(404);
    expect((await client.delete("/api/invitations/nope/", { token: adminToken })).statusCode).toBe(404);
    expect(
      (await client.delete(`/api/invitations/${id}/`, { token: await testApps.current.tokenFor(managerElsewhere) }))
        .statusCode,
    ).toBe(403);
    const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.revokedAt).toBeNull();
  });
});

describe("GET /api/invitations/:token/", () => {
  it("shows the invitation until it expires after 7 days", async () => {
    const { client, db, team, adminToken } = await start();
    await client.post(`/api/teams/${team.id}/invitations/`, member({ role: "manager" }), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");

    const response = await client.get(`/api/invitations/${token}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      company_name: "Initech",
      team_name: team.name,
      email: "nina@example.com",
      first_name: "Nina",
      last_name: "New",
      role: "manager",
    });

    testApps.current.clock.advance(7 * DAY - 1000);
    expect((await client.get(`/api/invitations/${token}/`)).statusCode).toBe(200);
    testApps.current.clock.advance(1000);
    const expired = await client.get(`/api/invitations/${token}/`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: "invitation.invalid",
      error: "This invitation is invalid or has expired.",
    });
  });

  it("answers 400 for an unknown token", async () => {
    const { client } = await start();
    const response = await client.get("/api/invitations/unknown-token/");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invitation.invalid");
  });
});

describe("POST /api/invitations/:token/accept/", () => {
  const acceptBody = { first_name: "Nina", last_name: "Newton", password: "Password123!" };

  it("creates the account with the invited role and admin flag, joins the team and signs in", async () => {
    const { client, db, team, company, adminToken } = await start();
    await client.post(`/api/teams/${team.id}/invitations/`, member({ role: "manager", isAdmin: true }), {
      token: adminToken,
    });
    const token = await tokenFromMail(db, "nina@example.com");

    const response = await client.post(`/api/invitations/${token}/accept/`, acceptBody);
    expect(response.statusCode).toBe(200);
    const body = AcceptInvitationResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({
      email: "nina@example.com",
      first_name: "Nina",
      last_name: "Newton",
      display_name: "Nina Newton",
      role: "manager",
      is_admin: true,
      company_id: company.id,
      team: [{ id: team.id, name: team.name, is_manager: true }],
    });
    expect(body).toMatchObject({ userId: body.user.id, is_admin: true, role: "manager" });
    expect((await client.get(`/api/notifications/${body.user.id}/`, { token: body.access })).statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await auditActionsOf(db, company.id)).toContain("invitation.accepted");
  });

  it("works only once", async () => {
    const { client, db, team, adminToken } = await start();
    await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");
    expect((await client.post(`/api/invitations/${token}/accept/`, acceptBody)).statusCode).toBe(200);
    const again = await client.post(`/api/invitations/${token}/accept/`, { ...acceptBody, password: "Other12345" });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("invitation.invalid");
    expect((await client.get(`/api/invitations/${token}/`)).statusCode).toBe(400);
  });

  it("refuses an invitation older than 7 days", async () => {
    const { client, db, team, adminToken } = await start();
    await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");
    testApps.current.clock.advance(7 * DAY + 1);
    const response = await client.post(`/api/invitations/${token}/accept/`, acceptBody);
    expect(response.statusCode).toBe(400);
    expect(await db.select().from(users).where(eq(users.email, "nina@example.com"))).toHaveLength(0);
  });

  it("ignores is_admin, role, company_id and email in the body", async () => {
    const { client, db, team, company, adminToken } = await start();
    const other = await buildCompanyWithAdmin(db);
    await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");
    const response = await client.post(`/api/invitations/${token}/accept/`, {
      ...acceptBody,
      is_admin: true,
      role: "admin",
      company_id: other.company.id,
      email: "evil@example.com",
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, response.json().user.id));
    expect(row).toMatchObject({ email: "nina@example.com", isAdmin: false, role: "employee", companyId: company.id });
  });

  it("answers 409 telling an existing account to log in, and leaves the invitation usable", async () => {
    const { client, db, team, adminToken } = await start();
    await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");
    await buildUser(db, { email: "Nina@Example.com" });
    const response = await client.post(`/api/invitations/${token}/accept/`, acceptBody);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      "An account with this email already exists. Please log in and ask your administrator to add you to the team.",
    );
    expect((await client.get(`/api/invitations/${token}/`)).statusCode).toBe(200);
    expect(await db.select().from(teamMemberships).where(eq(teamMemberships.teamId, team.id))).toHaveLength(1);
  });

  it.each([
    ["a missing first name", { first_name: "" }, "First name is required"],
    ["a missing last name", { last_name: undefined }, "Last name is required"],
    ["a missing password", { password: "" }, "Password is required"],
    ["a short password", { password: "short" }, "Password must be at least 8 characters"],
  ])("answers 400 for %s with the spec's message", async (_name, overrides, message) => {
    const { client, db, team, adminToken } = await start();
    await client.post(`/api/teams/${team.id}/invitations/`, member(), { token: adminToken });
    const token = await tokenFromMail(db, "nina@example.com");
    const response = await client.post(`/api/invitations/${token}/accept/`, { ...acceptBody, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});
