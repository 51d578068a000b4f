import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminRequests, notifications, teamMemberships, users } from "../../db/schema/index.ts";
import { testAppPerTest } from "../../test/app.ts";
import { buildTeam } from "../../test/factories.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";
import { notify } from "../notifications/notifications.service.ts";

const testApps = testAppPerTest();

/** What `person`'s bell answers (their notifications and unread count), read as they would, signed in. */
async function bellOf(person: { id: string; companyId: string | null }) {
  const { client, tokenFor } = testApps.current;
  return (await client.get(`/api/notifications/${person.id}/`, { token: await tokenFor(person) })).json();
}

/** Answers a request for administrator or team manager rights with `body`, as the holder of `token`. */
function answerRequest(body: Record<string, unknown>, token: string) {
  return testApps.current.client.post("/api/admin-request-response/", body, { token });
}

/** The user's row as the database holds it now. */
async function userRow(userId: string) {
  const [row] = await testApps.current.db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The request's row as the database holds it now. */
async function requestRow(requestId: string) {
  const [row] = await testApps.current.db.select().from(adminRequests).where(eq(adminRequests.id, requestId));
  return row;
}

/** A company with two admins and a joiner whose admin request both admins were told about. */
async function start() {
  const testApp = await testApps.start();
  const { db } = testApp;
  const fixture = await buildCompanyWithAdmin(db);
  const otherAdmin = await buildMember(db, fixture.team, { isAdmin: true });
  const requester = await buildMember(db, fixture.team, { firstName: "Rita", lastName: "Request" });
  const [request] = await db
    .insert(adminRequests)
    .values({ companyId: fixture.company.id, requesterId: requester.id })
    .returning();
  await notify(db, {
    companyId: fixture.company.id,
    userIds: [fixture.admin.id, otherAdmin.id],
    type: "admin_request",
    actorId: requester.id,
    actorName: requester.displayName,
    subjectId: requester.id,
    relatedRequestId: request!.id,
    requestKind: "admin",
  });
  const adminToken = await testApp.tokenFor(fixture.admin);
  return { ...testApp, ...fixture, otherAdmin, requester, request: request!, adminToken };
}

describe("POST /api/admin-request-response/", () => {
  it("approves: the requester becomes an admin and hears it once (admin_request_response); the request's bell items are marked read", async () => {
    const { db, admin, requester, request, company, adminToken } = await start();
    const response = await answerRequest({ requestId: request.id, adminId: admin.id, approved: true }, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const row = await userRow(requester.id);
    expect(row!.isAdmin).toBe(true);
    expect(await requestRow(request.id)).toMatchObject({ status: "approved", decidedBy: admin.id });

    const bell = await bellOf(requester);
    expect(bell.notifications).toEqual([
      expect.objectContaining({
        type: "admin_request_response",
        read: false,
        actor_name: "Ada Admin",
        related_request_id: request.id,
        request_status: "approved",
        content: "Ada Admin approved your request for administrator rights.",
      }),
    ]);
    expect(bell.unread_count).toBe(1);
    const own = await bellOf(admin);
    expect(own.notifications[0]).toMatchObject({ type: "admin_request", read: true });
    expect(own.unread_count).toBe(0);
    const pending = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "admin_request"), eq(notifications.relatedRequestId, request.id)));
    expect(pending.every((item) => item.readAt !== null)).toBe(true);
    expect(await auditActionsOf(db, company.id)).toContain("admin_request.approved");
  });

  it("denies: the requester stays without admin rights and is notified", async () => {
    const { db, admin, requester, request, company, adminToken } = await start();
    const response = await answerRequest({ requestId: request.id, adminId: admin.id, approved: false }, adminToken);
    expect(response.statusCode).toBe(200);
    const row = await userRow(requester.id);
    expect(row!.isAdmin).toBe(false);
    const sent = await db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(sent).toEqual([
      expect.objectContaining({
        type: "admin_request_response",
        relatedRequestId: request.id,
        actorId: admin.id,
        content: "Ada Admin denied your request for administrator rights.",
      }),
    ]);
    expect(await auditActionsOf(db, company.id)).toContain("admin_request.denied");
  });

  it("answers 409 for a request already answered, by anyone", async () => {
    const { admin, otherAdmin, request, adminToken } = await start();
    await answerRequest({ requestId: request.id, adminId: admin.id, approved: false }, adminToken);
    const again = await answerRequest(
      { requestId: request.id, adminId: otherAdmin.id, approved: true },
      await testApps.current.tokenFor(otherAdmin),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("admin_request.already_decided");
  });

  it("answers 403 when adminId is not the caller", async () => {
    const { otherAdmin, request, requester, adminToken } = await start();
    const response = await answerRequest({ requestId: request.id, adminId: otherAdmin.id, approved: true }, adminToken);
    expect(response.statusCode).toBe(403);
    const row = await userRow(requester.id);
    expect(row!.isAdmin).toBe(false);
  });

  it("answers 401 anonymously, 403 to a non-admin and 404 to another company's admin", async () => {
    const { client, db, request, requester, team } = await start();
    const manager = await buildMember(db, team, { role: "manager" });
    const other = await buildCompanyWithAdmin(db);
    const body = (adminId: string) => ({ requestId: request.id, adminId, approved: true });

    expect((await client.post("/api/admin-request-response/", body(requester.id))).statusCode).toBe(401);
    const asManager = await answerRequest(body(manager.id), await testApps.current.tokenFor(manager));
    expect(asManager.statusCode).toBe(403);
    const asRequester = await answerRequest(body(requester.id), await testApps.current.tokenFor(requester));
    expect(asRequester.statusCode).toBe(403);
    const asStranger = await answerRequest(body(other.admin.id), await testApps.current.tokenFor(other.admin));
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().code).toBe("admin_request.not_found");
    const row = await requestRow(request.id);
    expect(row!.status).toBe("pending");
  });

  it("answers 404 for a malformed request id and 400 for a bad body", async () => {
    const { admin, adminToken } = await start();
    const malformed = await answerRequest({ requestId: "nope", adminId: admin.id, approved: true }, adminToken);
    expect(malformed.statusCode).toBe(404);
    const bad = await answerRequest({ requestId: "x", adminId: admin.id }, adminToken);
    expect(bad.statusCode).toBe(400);
  });
});

/**
 * A company whose Engineering team has a manager and an employee, a Sales team with its own
 * manager, and a joiner of Engineering (an employee) whose request to manage it the team's
 * manager and the admin were told about.
 */
async function startWithManagerRequest() {
  const testApp = await testApps.start();
  const { db } = testApp;
  const fixture = await buildCompanyWithAdmin(db, { teamName: "Engineering" });
  const teamManager = await buildMember(db, fixture.team, { role: "manager", firstName: "Mia", lastName: "Manager" });
  const teamEmployee = await buildMember(db, fixture.team);
  const sales = await buildTeam(db, { companyId: fixture.company.id, name: "Sales" });
  const salesManager = await buildMember(db, sales, { role: "manager" });
  const requester = await buildMember(db, fixture.team, { firstName: "Tom", lastName: "Becker" });
  const [request] = await db
    .insert(adminRequests)
    .values({ companyId: fixture.company.id, requesterId: requester.id, kind: "manager", teamId: fixture.team.id })
    .returning();
  await notify(db, {
    companyId: fixture.company.id,
    userIds: [fixture.admin.id, teamManager.id],
    type: "admin_request",
    actorId: requester.id,
    actorName: requester.displayName,
    subjectId: requester.id,
    relatedRequestId: request!.id,
    requestKind: "manager",
    requestTeamName: "Engineering",
  });
  const decide = async (person: { id: string; companyId: string | null }, approved: boolean) =>
    answerRequest({ requestId: request!.id, adminId: person.id, approved }, await testApps.current.tokenFor(person));
  const membershipOf = async (userId: string) => {
    const [row] = await db
      .select()
      .from(teamMemberships)
      .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.teamId, fixture.team.id)));
    return row;
  };
  return {
    ...testApp,
    ...fixture,
    teamManager,
    teamEmployee,
    salesManager,
    requester,
    request: request!,
    decide,
    membershipOf,
  };
}

describe("POST /api/admin-request-response/ for a request to manage a team", () => {
  it("approved by the team's manager: the requester manages the team and is told; the bell items are read", async () => {
    const { db, company, admin, teamManager, requester, request, decide, membershipOf } =
      await startWithManagerRequest();
    const response = await decide(teamManager, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const row = await userRow(requester.id);
    expect(row).toMatchObject({ role: "manager", isAdmin: false });
    expect((await membershipOf(requester.id))!.isManager).toBe(true);
    expect(await requestRow(request.id)).toMatchObject({ status: "approved", decidedBy: teamManager.id });

    const bell = await bellOf(requester);
    expect(bell.notifications).toEqual([
      expect.objectContaining({
        type: "admin_approved",
        read: false,
        actor_name: "Mia Manager",
        content: "Mia Manager approved your request to manage Engineering.",
        request_kind: "manager",
        request_team_name: "Engineering",
      }),
    ]);
    const adminBell = await bellOf(admin);
    expect(adminBell.notifications[0]).toMatchObject({ type: "admin_request", read: true });
    expect(await auditActionsOf(db, company.id)).toContain("admin_request.approved");
  });

  it("approved by an admin: the requester manages the team", async () => {
    const { admin, requester, decide, membershipOf } = await startWithManagerRequest();
    expect((await decide(admin, true)).statusCode).toBe(200);
    const row = await userRow(requester.id);
    expect(row!.role).toBe("manager");
    expect((await membershipOf(requester.id))!.isManager).toBe(true);
  });

  it("denied: the requester stays an employee and is told", async () => {
    const { db, company, teamManager, requester, request, decide, membershipOf } = await startWithManagerRequest();
    expect((await decide(teamManager, false)).statusCode).toBe(200);
    const row = await userRow(requester.id);
    expect(row).toMatchObject({ role: "employee", isAdmin: false });
    expect((await membershipOf(requester.id))!.isManager).toBe(false);
    const [sent] = await db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(sent).toMatchObject({
      type: "admin_denied",
      relatedRequestId: request.id,
      content: "Mia Manager denied your request to manage Engineering.",
    });
    expect(await auditActionsOf(db, company.id)).toContain("admin_request.denied");
  });

  it("answers 403 to an employee of the team and to another team's manager, and the request stays pending", async () => {
    const { teamEmployee, salesManager, requester, request, decide } = await startWithManagerRequest();
    for (const person of [teamEmployee, salesManager]) {
      const response = await decide(person, true);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("auth.forbidden");
    }
    const row = await requestRow(request.id);
    expect(row!.status).toBe("pending");
    const user = await userRow(requester.id);
    expect(user!.role).toBe("employee");
  });

  it("answers 403 to the requester, even once they are an admin", async () => {
    const { db, requester, request, decide } = await startWithManagerRequest();
    expect((await decide(requester, true)).statusCode).toBe(403);
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, requester.id));
    const own = await decide(requester, true);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: "admin_request.own_request",
      error: "You cannot answer your own request.",
    });
    const row = await requestRow(request.id);
    expect(row!.status).toBe("pending");
  });

  it("answers 404 to another company's admin and 409 when decided twice", async () => {
    const { db, admin, teamManager, request, decide } = await startWithManagerRequest();
    const other = await buildCompanyWithAdmin(db);
    const asStranger = await decide(other.admin, true);
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().code).toBe("admin_request.not_found");

    expect((await decide(teamManager, false)).statusCode).toBe(200);
    const again = await decide(admin, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("admin_request.already_decided");
    const row = await requestRow(request.id);
    expect(row!.status).toBe("denied");
  });
});

describe("POST /api/admin-request-response/ for an admin request", () => {
  it("answers 403 to a team manager of the requester's team: admin rights stay admins' decision", async () => {
    const { db, request, requester, team } = await start();
    const manager = await buildMember(db, team, { role: "manager" });
    const response = await answerRequest(
      { requestId: request.id, adminId: manager.id, approved: true },
      await testApps.current.tokenFor(manager),
    );
    expect(response.statusCode).toBe(403);
    const row = await userRow(requester.id);
    expect(row!.isAdmin).toBe(false);
  });
});
