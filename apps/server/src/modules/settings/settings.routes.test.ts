import { ChangePasswordResponseSchema, CompanyResponseSchema, UpdateProfileResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, refreshTokens, users } from "../../db/schema/index.ts";
import { verifyPassword } from "../../lib/password.ts";
import { testAppPerTest } from "../../test/app.ts";
import { buildTeam, buildUser, DEFAULT_USER_PASSWORD } from "../../test/factories.ts";
import { issueSession } from "../auth/auth.service.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  const fixture = await buildCompanyWithAdmin(testApp.db, { name: "Umbrella" });
  const employee = await buildMember(testApp.db, fixture.team, { firstName: "Eve", lastName: "Employee" });
  return {
    ...testApp,
    ...fixture,
    employee,
    adminToken: await testApp.tokenFor(fixture.admin),
    employeeToken: await testApp.tokenFor(employee),
  };
}

/** Changes the password of the holder of `token`, as Profile Settings does. */
function changePassword(token: string, currentPassword: string, newPassword: string) {
  return testApps.current.client.post(
    "/api/users/current/password/",
    { current_password: currentPassword, new_password: newPassword },
    { token },
  );
}

describe("PATCH /api/users/current/", () => {
  it("updates the caller's names and answers the user", async () => {
    const { client, db, employee, company, employeeToken } = await start();
    const response = await client.patch(
      "/api/users/current/",
      { first_name: "Eva", display_name: "Eva E." },
      { token: employeeToken },
    );
    expect(response.statusCode).toBe(200);
    expect(UpdateProfileResponseSchema.parse(response.json()).user).toMatchObject({
      id: employee.id,
      first_name: "Eva",
      last_name: "Employee",
      display_name: "Eva E.",
    });
    expect(await auditActionsOf(db, company.id)).toContain("user.profile_updated");
  });

  it("ignores role, is_admin, company_id and email in the body", async () => {
    const { client, db, employee, employeeToken } = await start();
    const other = await buildCompanyWithAdmin(db);
    const response = await client.patch(
      "/api/users/current/",
      { last_name: "Smith", role: "admin", is_admin: true, company_id: other.company.id, email: "x@example.com" },
      { token: employeeToken },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, employee.id));
    expect(row).toMatchObject({
      lastName: "Smith",
      role: "employee",
      isAdmin: false,
      companyId: employee.companyId,
      email: employee.email,
    });
  });

  it("answers 400 with a clear message for empty or missing fields and 401 anonymously", async () => {
    const { client, employeeToken } = await start();
    const empty = await client.patch("/api/users/current/", { first_name: "" }, { token: employeeToken });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("First name is required");
    const nothing = await client.patch("/api/users/current/", {}, { token: employeeToken });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBe("Please change at least one field.");
    expect((await client.patch("/api/users/current/", { first_name: "A" })).statusCode).toBe(401);
  });
});

describe("POST /api/users/current/password/", () => {
  it("changes the password, ends every session and answers fresh tokens", async () => {
    const { client, db, employee, company, employeeToken, config, clock } = await start();
    const { createAccessTokens } = await import("../../lib/access-token.ts");
    const accessTokens = createAccessTokens(config.jwtSecret, clock);
    const earlier = await issueSession({ db, accessTokens, clock }, employee.id, { userAgent: null, ipAddress: null });

    const response = await changePassword(employeeToken, DEFAULT_USER_PASSWORD, "BrandNew123");
    expect(response.statusCode).toBe(200);
    const body = ChangePasswordResponseSchema.parse(response.json());
    expect(body).toMatchObject({ success: true, userId: employee.id });

    const [row] = await db.select().from(users).where(eq(users.id, employee.id));
    expect(await verifyPassword("BrandNew123", row!.passwordHash)).toBe(true);
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, employee.id));
    expect(tokens.filter((token) => token.revokedAt === null)).toHaveLength(1);
    const refused = await client.post("/api/token/refresh/", { refresh: earlier.refresh });
    expect(refused.statusCode).toBe(401);
    expect(await auditActionsOf(db, company.id)).toContain("user.password_changed");
  });

  it("refuses the access tokens signed before the change, and the answered pair keeps working", async () => {
    const { client, db, employee, employeeToken, config, clock } = await start();
    const { createAccessTokens } = await import("../../lib/access-token.ts");
    const otherDevice = await issueSession(
      { db, accessTokens: createAccessTokens(config.jwtSecret, clock), clock },
      employee.id,
      { userAgent: null, ipAddress: null },
    );

    const response = await changePassword(employeeToken, DEFAULT_USER_PASSWORD, "BrandNew123");
    expect(response.statusCode).toBe(200);
    const fresh = ChangePasswordResponseSchema.parse(response.json());

    for (const stale of [employeeToken, otherDevice.access]) {
      const refused = await client.get("/api/users/current/", { token: stale });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe("auth.token_invalid");
    }
    expect((await client.get("/api/users/current/", { token: fresh.access })).statusCode).toBe(200);
    const rotated = await client.post("/api/token/refresh/", { refresh: fresh.refresh });
    expect(rotated.statusCode).toBe(200);
    expect((await client.get("/api/users/current/", { token: rotated.json().access })).statusCode).toBe(200);
  });

  it("answers 400 when the current password is wrong and keeps the old one", async () => {
    const { db, employee, employeeToken } = await start();
    const response = await changePassword(employeeToken, "wrong-password", "BrandNew123");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "settings.current_password_incorrect",
      fields: { current_password: "Your current password is incorrect." },
    });
    const [row] = await db.select().from(users).where(eq(users.id, employee.id));
    expect(await verifyPassword(DEFAULT_USER_PASSWORD, row!.passwordHash)).toBe(true);
  });

  it("answers the spec's message for a short new password", async () => {
    const { employeeToken } = await start();
    const response = await changePassword(employeeToken, DEFAULT_USER_PASSWORD, "short");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Password must be at least 8 characters");
  });
});

describe("GET /api/company/", () => {
  it("answers the company's name, active member count and teams to an admin", async () => {
    const { client, db, company, team, adminToken } = await start();
    const empty = await buildTeam(db, { companyId: company.id, name: "Zulu" });
    await buildMember(db, team, { isActive: false });
    const response = await client.get("/api/company/", { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(CompanyResponseSchema.parse(response.json()).company).toEqual({
      id: company.id,
      name: "Umbrella",
      member_count: 2,
      teams: [
        { id: team.id, name: team.name, member_count: 2 },
        { id: empty.id, name: "Zulu", member_count: 0 },
      ],
      default_language: "en",
    });
  });

  it("answers 403 to a manager or employee and 401 anonymously", async () => {
    const { client, db, team, employeeToken } = await start();
    const manager = await buildMember(db, team, { role: "manager" });
    const managerToken = await testApps.current.tokenFor(manager);
    expect((await client.get("/api/company/", { token: employeeToken })).statusCode).toBe(403);
    expect((await client.get("/api/company/", { token: managerToken })).statusCode).toBe(403);
    expect((await client.get("/api/company/")).statusCode).toBe(401);
  });
});

describe("PATCH /api/company/", () => {
  it("renames the company and changes the join password (hashed), auditing both", async () => {
    const { client, db, company, adminToken } = await start();
    const response = await client.patch(
      "/api/company/",
      { name: "Umbrella Corp", password: "NewJoin123" },
      { token: adminToken },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().company.name).toBe("Umbrella Corp");
    const [row] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword("NewJoin123", row!.passwordHash)).toBe(true);
    const verified = await client.post("/api/verify-company/", {
      companyName: "umbrella corp",
      companyPassword: "NewJoin123",
    });
    expect(verified.statusCode).toBe(200);
    const actions = await auditActionsOf(db, company.id);
    expect(actions).toEqual(expect.arrayContaining(["company.renamed", "company.password_changed"]));
  });

  it("answers 409 for another company's name, ignoring case", async () => {
    const { client, db, adminToken } = await start();
    await buildCompanyWithAdmin(db, { name: "Initech" });
    const response = await client.patch("/api/company/", { name: "INITECH" }, { token: adminToken });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("company.name_taken");
  });

  it("answers 403 to an employee and 400 for an empty body", async () => {
    const { client, adminToken, employeeToken } = await start();
    expect((await client.patch("/api/company/", { name: "Mine" }, { token: employeeToken })).statusCode).toBe(403);
    const empty = await client.patch("/api/company/", {}, { token: adminToken });
    expect(empty.statusCode).toBe(400);
    const blank = await client.patch("/api/company/", { name: " " }, { token: adminToken });
    expect(blank.json().error).toBe("Please enter a company name.");
  });

  it("answers 403 to a user without a company", async () => {
    const { client, db } = await start();
    const loner = await buildUser(db);
    expect((await client.get("/api/company/", { token: await testApps.current.tokenFor(loner) })).statusCode).toBe(403);
  });
});
