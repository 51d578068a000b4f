import { AssociateCompanyResponseSchema, CreateCompanyResponseSchema, SCREEN_TEXTS } from "@ideaport/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  adminRequests,
  companies,
  invitations,
  mailOutbox,
  notifications,
  registrationProofs,
  teamMemberships,
  teams,
  users,
} from "../../db/schema/index.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { createTestClient, type TestApp, type TestClient, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { VERIFY_COMPANY_GUESS_LIMIT } from "./companies.routes.ts";
import { COMPANY_PROOF_COOKIE } from "./company-proof.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember, signUpWithProof } from "./test-kit.ts";

const testApps = testAppPerTest();
afterEach(() => {
  vi.restoreAllMocks();
});

function start(env?: Record<string, string>) {
  return testApps.start({ env });
}

const REQUIRED = "Company name and password are required when creating a new company.";

function verify(client: TestClient, companyName: string, companyPassword: string) {
  return client.post("/api/verify-company/", { companyName, companyPassword });
}

describe("POST /api/verify-company/", () => {
  it("answers the company's active teams by name and sets an HttpOnly company proof", async () => {
    const { db, client } = await start();
    const company = await buildCompany(db, { name: "Acme Verify" });
    const zeta = await buildTeam(db, { companyId: company.id, name: "Zeta" });
    const alpha = await buildTeam(db, { companyId: company.id, name: "alpha" });
    await buildTeam(db, { companyId: company.id, name: "Old", archivedAt: new Date() });

    const response = await verify(client, "Acme Verify", company.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      teams: [
        { id: alpha.id, name: "alpha" },
        { id: zeta.id, name: "Zeta" },
      ],
    });
    const cookie = response.cookies.find((item) => item.name === COMPANY_PROOF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/", maxAge: 900 });
    expect(cookie?.value).toContain(company.id);
  });

  it("matches the company name ignoring case and surrounding spaces", async () => {
    const { db, client } = await start();
    const company = await buildCompany(db, { name: "Acme Case" });
    const response = await verify(client, "  aCME case ", company.password);
    expect(response.statusCode).toBe(200);
  });

  it("answers the same 400 for an unknown company and a wrong password, after the same work", async () => {
    // Eleven attempts: the per-IP limit (5 a minute) is raised here; its own tests keep it.
    const { db, client } = await start({ RATE_LIMIT_MULTIPLIER: "10" });
    const company = await buildCompany(db, { name: "Acme Secret" });
    await verify(client, "warm-up", "x");

    const timed = async (name: string, password: string) => {
      const started = performance.now();
      const response = await verify(client, name, password);
      return { response, milliseconds: performance.now() - started };
    };
    // Alternating pairs, compared by median: one pause of the machine cannot decide the outcome.
    const wrongPasswordRuns: Awaited<ReturnType<typeof timed>>[] = [];
    const unknownCompanyRuns: Awaited<ReturnType<typeof timed>>[] = [];
    for (let pair = 0; pair < 5; pair += 1) {
      wrongPasswordRuns.push(await timed(company.name, "not-the-password"));
      unknownCompanyRuns.push(await timed("No Such Company", "not-the-password"));
    }
    const medianMilliseconds = (runs: Awaited<ReturnType<typeof timed>>[]) =>
      runs.map((run) => run.milliseconds).sort((a, b) => a - b)[Math.floor(runs.length / 2)] as number;

    for (const { response } of [...wrongPasswordRuns, ...unknownCompanyRuns]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: "Company verification failed.",
        code: "company.verification_failed",
      });
      expect(response.cookies.find((item) => item.name === COMPANY_PROOF_COOKIE)?.value ?? "").toBe("");
    }
    // Both paths run an argon2id verification, so the unknown name is not answered faster.
    expect(medianMilliseconds(unknownCompanyRuns)).toBeGreaterThan(medianMilliseconds(wrongPasswordRuns) / 4);
  });

  it("answers the spec's message when the name or password is missing", async () => {
    const { client } = await start();
    for (const body of [{}, { companyName: "", companyPassword: "x" }, { companyName: "Acme", companyPassword: "" }]) {
      const response = await client.post("/api/verify-company/", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(REQUIRED);
    }
  });

  it("refuses wrong passwords past the per-address limit with 429 and Retry-After", async () => {
    const { db, client } = await start();
    const company = await buildCompany(db, { name: "Acme Limit" });
    const { max } = VERIFY_COMPANY_GUESS_LIMIT.rules.find((rule) => rule.per === "address")!;
    // Guesses at other names too (one company from one address meets its own, lower limit first).
    for (let attempt = 1; attempt <= max; attempt++) {
      const name = attempt % 2 === 0 ? company.name : `Nobody ${attempt}`;
      expect((await verify(client, name, `guess-${attempt}`)).statusCode).toBe(400);
    }
    const limited = await verify(client, company.name, company.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(60);
    expect(limited.json().error).toBe("Too many requests. Please try again later.");
  });

  it("lets three people join one company from one address within a minute", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    for (let person = 0; person < 3; person++) {
      const { user, client } = await readyToJoin(app, company);
      const joined = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
      expect(joined.statusCode).toBe(200);
    }
  });
});

/** A signed-up user whose client has verified the company's password. */
async function readyToJoin(app: TestApp, company: { name: string; password: string }) {
  const client = createTestClient(app.app);
  const { user } = await signUpWithProof(app, { client, user: { firstName: "Joe", lastName: "Joiner" } });
  expect((await verify(client, company.name, company.password)).statusCode).toBe(200);
  return { user, client };
}

function joinBody(userId: string, companyName: string, teamId: string, overrides: Record<string, unknown> = {}) {
  return {
    userId,
    companyName,
    displayName: "Joe J.",
    team: teamId,
    role: "employee",
    requesting_admin: false,
    ...overrides,
  };
}

describe("POST /api/associate-company/", () => {
  it("joins the chosen team, sets the display name and signs the user in", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const { user, client } = await readyToJoin(app, company);

    const response = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(response.statusCode).toBe(200);
    const body = AssociateCompanyResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({
      id: user.id,
      display_name: "Joe J.",
      role: "employee",
      is_admin: false,
      company_id: company.id,
      team: [{ id: team.id, name: team.name, is_manager: false }],
    });
    expect(body).toMatchObject({ userId: user.id, displayName: "Joe J.", company_id: company.id, is_admin: false });
    const current = await client.get(`/api/notifications/${user.id}/`, { token: body.access });
    expect(current.statusCode).toBe(200);
    expect(body.refresh.length).toBeGreaterThan(20);

    const [proof] = await app.db.select().from(registrationProofs).where(eq(registrationProofs.userId, user.id));
    expect(proof!.usedAt).not.toBeNull();
    expect(client.cookies.has(COMPANY_PROOF_COOKIE)).toBe(false);
    expect(await auditActionsOf(app.db, company.id)).toContain("user.joined_company");
  });

  it("makes a joiner who chooses manager an employee with a request to manage the team, and says so", async () => {
    const app = await start();
    const { company, team, admin } = await buildCompanyWithAdmin(app.db, { teamName: "Engineering" });
    const teamManager = await buildMember(app.db, team, { role: "manager" });
    const employee = await buildMember(app.db, team);
    const inactiveManager = await buildMember(app.db, team, { role: "manager", isActive: false });
    const otherTeam = await buildTeam(app.db, { companyId: company.id, name: "Sales" });
    const otherTeamManager = await buildMember(app.db, otherTeam, { role: "manager" });
    const { user, client } = await readyToJoin(app, company);

    const response = await client.post(
      "/api/associate-company/",
      joinBody(user.id, company.name, team.id, { role: "manager", displayName: "Tom Becker" }),
    );
    expect(response.statusCode).toBe(200);
    const body = AssociateCompanyResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ role: "employee", team: [{ id: team.id, is_manager: false }] });
    expect(body.role).toBe("employee");
    expect(body.message).toBe(translatorFor("en")(SCREEN_TEXTS.managerRoleAwaitsApproval, { team: "Engineering" }));
    expect(body.message).toBe(
      "Your request to manage Engineering awaits the approval of one of its managers or an administrator; until then you are an employee.",
    );
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe("employee");

    const requests = await app.db.select().from(adminRequests).where(eq(adminRequests.requesterId, user.id));
    expect(requests).toEqual([
      expect.objectContaining({ companyId: company.id, kind: "manager", teamId: team.id, status: "pending" }),
    ]);
    const sent = await app.db.select().from(notifications).where(eq(notifications.type, "admin_request"));
    expect(sent.map((item) => item.userId).sort()).toEqual([admin.id, teamManager.id].sort());
    for (const outsider of [employee, inactiveManager, otherTeamManager, user]) {
      expect(sent.map((item) => item.userId)).not.toContain(outsider.id);
    }
    expect(sent[0]).toMatchObject({
      content: "Tom Becker asks to manage Engineering.",
      actorName: "Tom Becker",
      actorId: user.id,
      relatedRequestId: requests[0]!.id,
    });
    const bell = await client.get(`/api/notifications/${teamManager.id}/`, { token: await app.tokenFor(teamManager) });
    expect(bell.json().notifications).toEqual([
      expect.objectContaining({
        type: "admin_request",
        request_status: "pending",
        request_kind: "manager",
        request_team_id: team.id,
        request_team_name: "Engineering",
      }),
    ]);
    expect(await auditActionsOf(app.db, company.id)).toEqual(
      expect.arrayContaining(["user.joined_company", "admin_request.created"]),
    );
  });

  it("gives a joiner asking for admin rights and the manager role two requests", async () => {
    const app = await start();
    const { company, team, admin } = await buildCompanyWithAdmin(app.db);
    const { user, client } = await readyToJoin(app, company);
    const response = await client.post(
      "/api/associate-company/",
      joinBody(user.id, company.name, team.id, { role: "manager", requesting_admin: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: "employee", is_admin: false });
    const requests = await app.db.select().from(adminRequests).where(eq(adminRequests.requesterId, user.id));
    expect(requests.map((request) => [request.kind, request.teamId]).sort()).toEqual([
      ["admin", null],
      ["manager", team.id],
    ]);
    const adminBell = await app.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(adminBell).toHaveLength(2);
  });

  it("says nothing awaits approval to a joiner who chooses employee", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const { user, client } = await readyToJoin(app, company);
    const response = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(response.json().message).toBeUndefined();
    expect(await app.db.select().from(adminRequests)).toEqual([]);
  });

  it("records an admin request and notifies every active admin", async () => {
    const app = await start();
    const { company, team, admin } = await buildCompanyWithAdmin(app.db);
    const secondAdmin = await buildMember(app.db, team, { isAdmin: true });
    const inactiveAdmin = await buildMember(app.db, team, { isAdmin: true, isActive: false });
    const employee = await buildMember(app.db, team);
    const { user, client } = await readyToJoin(app, company);

    const response = await client.post(
      "/api/associate-company/",
      joinBody(user.id, company.name, team.id, { requesting_admin: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.is_admin).toBe(false);

    const [request] = await app.db.select().from(adminRequests).where(eq(adminRequests.requesterId, user.id));
    expect(request).toMatchObject({ companyId: company.id, status: "pending" });
    const sent = await app.db.select().from(notifications).where(eq(notifications.type, "admin_request"));
    expect(sent.map((row) => row.userId).sort()).toEqual([admin.id, secondAdmin.id].sort());
    expect(sent.map((row) => row.userId)).not.toContain(inactiveAdmin.id);
    expect(sent.map((row) => row.userId)).not.toContain(employee.id);
    expect(sent[0]).toMatchObject({
      content: "Joe J. asked for administrator rights.",
      actorName: "Joe J.",
      actorId: user.id,
      relatedRequestId: request!.id,
    });
  });

  it("ignores is_admin and company_id in the body and refuses role admin", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const elsewhere = await buildCompany(app.db);
    const { user, client } = await readyToJoin(app, company);

    const admin = await client.post(
      "/api/associate-company/",
      joinBody(user.id, company.name, team.id, { role: "admin" }),
    );
    expect(admin.statusCode).toBe(400);

    const response = await client.post(
      "/api/associate-company/",
      joinBody(user.id, company.name, team.id, { is_admin: true, company_id: elsewhere.id, isAdmin: true }),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isAdmin: false, companyId: company.id, role: "employee" });
  });

  it("answers 401 without the registration proof and for another user's proof", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const stranger = await buildUser(app.db);

    const anonymous = createTestClient(app.app);
    await verify(anonymous, company.name, company.password);
    const withoutProof = await anonymous.post("/api/associate-company/", joinBody(stranger.id, company.name, team.id));
    expect(withoutProof.statusCode).toBe(401);
    expect(withoutProof.json().code).toBe("registration.proof_required");

    const { client } = await readyToJoin(app, company);
    const othersProof = await client.post("/api/associate-company/", joinBody(stranger.id, company.name, team.id));
    expect(othersProof.statusCode).toBe(401);
    const [row] = await app.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row!.companyId).toBeNull();
  });

  it("answers 400 without a verified company password, for another company, or once the proof expired", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const other = await buildCompanyWithAdmin(app.db);

    const { user, client } = await signUpWithProof(app, { client: createTestClient(app.app) });
    const unverified = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().code).toBe("company.proof_required");

    await verify(client, other.company.name, other.company.password);
    const wrongCompany = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(wrongCompany.statusCode).toBe(400);

    app.clock.advance(16 * 60 * 1000);
    const expired = await client.post("/api/associate-company/", joinBody(user.id, other.company.name, other.team.id));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("company.proof_required");
  });

  it("voids the company proof when the join password changes", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const { user, client } = await readyToJoin(app, company);
    await app.db.update(companies).set({ passwordHash: "changed" }).where(eq(companies.id, company.id));
    const response = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(response.statusCode).toBe(400);
  });

  it("answers 404 for a team of another company, an archived team or a malformed id", async () => {
    const app = await start();
    const { company } = await buildCompanyWithAdmin(app.db);
    const other = await buildCompanyWithAdmin(app.db);
    const archived = await buildTeam(app.db, { companyId: company.id, archivedAt: new Date() });
    const { user, client } = await readyToJoin(app, company);
    for (const teamId of [other.team.id, archived.id, "not-a-uuid"]) {
      const response = await client.post("/api/associate-company/", joinBody(user.id, company.name, teamId));
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("team.not_found");
    }
    const memberships = await app.db.select().from(teamMemberships).where(eq(teamMemberships.userId, user.id));
    expect(memberships).toHaveLength(0);
  });

  it("answers 409 when the user already belongs to a company", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const other = await buildCompanyWithAdmin(app.db);
    const client = createTestClient(app.app);
    const { user } = await signUpWithProof(app, { client, user: { teamId: other.team.id } });
    await verify(client, company.name, company.password);
    const response = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("company.already_associated");
  });

  it("answers 'Please select a team to join.' without a team", async () => {
    const app = await start();
    const { company } = await buildCompanyWithAdmin(app.db);
    const { user, client } = await readyToJoin(app, company);
    const body = joinBody(user.id, company.name, "");
    const response = await client.post("/api/associate-company/", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Please select a team to join.");
    const { team: _team, ...withoutTeam } = body;
    expect((await client.post("/api/associate-company/", withoutTeam)).json().error).toBe(
      "Please select a team to join.",
    );
  });

  it("uses the registration proof once", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const { user, client } = await readyToJoin(app, company);
    expect((await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id))).statusCode).toBe(
      200,
    );
    await verify(client, company.name, company.password);
    const again = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(again.statusCode).toBe(401);
  });
});

function companyBody(adminId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Globex",
    password: "JoinGlobex1",
    adminId,
    teams: [
      {
        name: "Ops",
        invitedMembers: [
          { firstName: "Ina", lastName: "Vited", email: "Ina@Example.com", role: "manager", isAdmin: true },
        ],
      },
      { name: "Sales", invitedMembers: [] },
    ],
    creatorRole: "manager",
    ...overrides,
  };
}

describe("POST /api/create-company/", () => {
  it("creates the company, its teams and invitations, makes the creator admin and signs them in", async () => {
    const app = await start();
    const { user, client } = await signUpWithProof(app);

    const response = await client.post("/api/create-company/", companyBody(user.id));
    expect(response.statusCode).toBe(200);
    const body = CreateCompanyResponseSchema.parse(response.json());
    expect(body.message).toBe("Company created.");
    expect(body.user).toMatchObject({ id: user.id, is_admin: true, role: "manager", company_name: "Globex" });
    expect(body.user.team).toEqual([{ id: expect.any(String), name: "Ops", is_manager: true }]);
    expect(body).toMatchObject({ userId: user.id, is_admin: true, company_id: body.user.company_id });
    expect((await client.get(`/api/notifications/${user.id}/`, { token: body.access })).statusCode).toBe(200);

    const [company] = await app.db.select().from(companies).where(eq(companies.name, "Globex"));
    expect(company!.passwordHash).toMatch(/^\$argon2id\$/);
    const created = await app.db.select().from(teams).where(eq(teams.companyId, company!.id));
    expect(created.map((team) => team.name).sort()).toEqual(["Ops", "Sales"]);

    const [invitation] = await app.db.select().from(invitations).where(eq(invitations.companyId, company!.id));
    expect(invitation).toMatchObject({ email: "Ina@Example.com", role: "manager", isAdmin: true, invitedBy: user.id });
    expect(invitation!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation!.expiresAt.getTime() - app.clock().getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, "Ina@Example.com"));
    const link = mail!.text.match(/http:\/\/localhost:8000\/accept-invitation\/([\w-]+)/);
    expect(link).not.toBeNull();
    const details = await client.get(`/api/invitations/${link![1]}/`);
    expect(details.json()).toMatchObject({ company_name: "Globex", team_name: "Ops", email: "Ina@Example.com" });

    expect(await auditActionsOf(app.db, company!.id)).toContain("company.created");
    const [proof] = await app.db.select().from(registrationProofs).where(eq(registrationProofs.userId, user.id));
    expect(proof!.usedAt).not.toBeNull();
  });

  it("makes an employee creator a plain member of the first team", async () => {
    const app = await start();
    const { user, client } = await signUpWithProof(app);
    const response = await client.post("/api/create-company/", companyBody(user.id, { creatorRole: "employee" }));
    expect(response.json().user).toMatchObject({ role: "employee", is_admin: true });
    expect(response.json().user.team[0]).toMatchObject({ name: "Ops", is_manager: false });
  });

  it("answers 409 for a taken name, ignoring case, and creates nothing", async () => {
    const app = await start();
    await buildCompany(app.db, { name: "Globex" });
    const { user, client } = await signUpWithProof(app);
    const response = await client.post("/api/create-company/", companyBody(user.id, { name: "GLOBEX" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "company.name_taken",
      error: "A company with this name already exists.",
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.companyId).toBeNull();
    expect(await app.db.select().from(invitations)).toHaveLength(0);
  });

  it("creates nothing when the creator already belongs to a company", async () => {
    const app = await start();
    const other = await buildCompanyWithAdmin(app.db);
    const { user, client } = await signUpWithProof(app, { user: { teamId: other.team.id } });
    const response = await client.post("/api/create-company/", companyBody(user.id));
    expect(response.statusCode).toBe(409);
    expect(await app.db.select().from(companies).where(eq(companies.name, "Globex"))).toHaveLength(0);
    expect(await app.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it.each([
    ["no name", { name: "" }, REQUIRED],
    ["no password", { password: "" }, REQUIRED],
    ["no team", { teams: [] }, "Please define at least one team for the new company."],
    ["an empty team name", { teams: [{ name: " ", invitedMembers: [] }] }, "Please enter a team name."],
    [
      "two teams of one name",
      {
        teams: [
          { name: "Ops", invitedMembers: [] },
          { name: "ops", invitedMembers: [] },
        ],
      },
      'Team "Ops" already exists.',
    ],
    [
      "an invited member without a name",
      {
        teams: [
          {
            name: "Ops",
            invitedMembers: [
              { firstName: "", lastName: "X", email: "x@example.com", role: "employee", isAdmin: false },
            ],
          },
        ],
      },
      "First name, last name, and email are required.",
    ],
    [
      "an invalid invited e-mail",
      {
        teams: [
          {
            name: "Ops",
            invitedMembers: [{ firstName: "A", lastName: "B", email: "nope", role: "employee", isAdmin: false }],
          },
        ],
      },
      "Please enter a valid email address.",
    ],
    [
      "the same e-mail invited twice to a team",
      {
        teams: [
          {
            name: "Ops",
            invitedMembers: [
              { firstName: "A", lastName: "B", email: "same@example.com", role: "employee", isAdmin: false },
              { firstName: "C", lastName: "D", email: "SAME@example.com", role: "employee", isAdmin: false },
            ],
          },
        ],
      },
      "This email address has already been invited to this team.",
    ],
  ])("answers 400 for %s with the spec's message", async (_name, overrides, message) => {
    const app = await start();
    const { user, client } = await signUpWithProof(app);
    const response = await client.post("/api/create-company/", companyBody(user.id, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await app.db.select().from(companies)).toHaveLength(0);
  });

  it("answers 401 without the registration proof and for another user's proof", async () => {
    const app = await start();
    const stranger = await buildUser(app.db);
    const anonymous = createTestClient(app.app);
    expect((await anonymous.post("/api/create-company/", companyBody(stranger.id))).statusCode).toBe(401);
    const { client } = await signUpWithProof(app);
    const response = await client.post("/api/create-company/", companyBody(stranger.id));
    expect(response.statusCode).toBe(401);
    expect(await app.db.select().from(companies)).toHaveLength(0);
  });

  it("ignores company_id, is_admin and role in the body and refuses creatorRole admin", async () => {
    const app = await start();
    const elsewhere = await buildCompany(app.db);
    const { user, client } = await signUpWithProof(app);
    const adminRole = await client.post("/api/create-company/", companyBody(user.id, { creatorRole: "admin" }));
    expect(adminRole.statusCode).toBe(400);
    const response = await client.post(
      "/api/create-company/",
      companyBody(user.id, { company_id: elsewhere.id, is_admin: false, role: "admin", creatorRole: "employee" }),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: "employee", isAdmin: true });
    expect(row!.companyId).not.toBe(elsewhere.id);
  });

  it("uses the registration proof once", async () => {
    const app = await start();
    const { user, client } = await signUpWithProof(app);
    expect((await client.post("/api/create-company/", companyBody(user.id))).statusCode).toBe(200);
    const again = await client.post("/api/create-company/", companyBody(user.id, { name: "Globex Two" }));
    expect(again.statusCode).toBe(401);
    const count = await app.db
      .select({ value: sql<number>`count(*)::int` })
      .from(companies)
      .where(and(sql`lower(${companies.name}) like 'globex%'`));
    expect(count[0]!.value).toBe(1);
  });
});

describe("a signed-up user without a company who logs in later", () => {
  async function logIn(client: TestClient, user: { email: string; password: string }) {
    const response = await client.post("/api/auth/login/", { email: user.email, password: user.password });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it("gets a registration proof at login and can create a company with it", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const client = createTestClient(app.app);

    const login = await logIn(client, user);
    expect(login.json()).toMatchObject({ userId: user.id, company_id: null });
    const cookie = login.cookies.find((item) => item.name === "registration_proof");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/", maxAge: 3600 });

    const response = await client.post("/api/create-company/", companyBody(user.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, is_admin: true, company_name: "Globex" });
    expect(client.cookies.has("registration_proof")).toBe(false);
  });

  it("can verify a company and join it", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const user = await buildUser(app.db);
    const client = createTestClient(app.app);

    await logIn(client, user);
    expect((await verify(client, company.name, company.password)).statusCode).toBe(200);
    const response = await client.post("/api/associate-company/", joinBody(user.id, company.name, team.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, company_id: company.id });
  });

  it("cannot attach another company-less account with its own login's proof", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const victim = await buildUser(app.db);
    const client = createTestClient(app.app);

    await logIn(client, user);
    const response = await client.post("/api/create-company/", companyBody(victim.id));
    expect(response.statusCode).toBe(401);
    const [row] = await app.db.select().from(users).where(eq(users.id, victim.id));
    expect(row!.companyId).toBeNull();
    expect(await app.db.select().from(companies).where(eq(companies.name, "Globex"))).toHaveLength(0);
  });

  it("gives a user who already has a company no proof, so they cannot create another", async () => {
    const app = await start();
    const { team } = await buildCompanyWithAdmin(app.db);
    const member = await buildMember(app.db, team);
    const client = createTestClient(app.app);
    // A proof left in this browser by an earlier sign-up is dropped at login.
    const { user: earlier } = await signUpWithProof(app, { client });

    const login = await logIn(client, member);
    expect(login.cookies.find((item) => item.name === "registration_proof")).toMatchObject({ value: "" });
    expect(client.cookies.has("registration_proof")).toBe(false);
    expect(await app.db.select().from(registrationProofs).where(eq(registrationProofs.userId, member.id))).toEqual([]);

    for (const adminId of [member.id, earlier.id]) {
      const response = await client.post("/api/create-company/", companyBody(adminId));
      expect(response.statusCode).toBe(401);
    }
    expect(await app.db.select().from(companies).where(eq(companies.name, "Globex"))).toHaveLength(0);
    const [row] = await app.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.isAdmin).toBe(false);
  });

  it("loses the proof at logout", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const client = createTestClient(app.app);
    const login = await logIn(client, user);

    await client.post("/api/auth/logout/", { refresh: login.json().refresh });
    expect(client.cookies.has("registration_proof")).toBe(false);
  });
});
