import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { adminRequests, notifications, users } from "../../db/schema.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { auditActionsOf, buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";
import { notify } from "../notifications/notifications.service.ts";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** A company with two admins and a joiner whose admin request both admins were told about. */
async function start() {
  testApp = await buildTestApp();
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
    content: `${requester.displayName} asked for administrator rights.`,
    actorId: requester.id,
    actorName: requester.displayName,
    relatedRequestId: request!.id,
  });
  const adminToken = await testApp.tokenFor(fixture.admin);
  return { ...testApp, ...fixture, otherAdmin, requester, request: request!, adminToken };
}

describe("POST /api/admin-request-response/", () => {
  it("approves: the requester becomes an admin and is notified; the request's bell items are marked read", async () => {
    const { client, db, admin, requester, request, company, adminToken } = await start();
    const response = await client.post(
      "/api/admin-request-response/",
      { requestId: request.id, adminId: admin.id, approved: true },
      { token: adminToken },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const [row] = await db.select().from(users).where(eq(users.id, requester.id));
    expect(row!.isAdmin).toBe(true);
    const [decided] = await db.select().from(adminRequests).where(eq(adminRequests.id, request.id));
    expect(decided).toMatchObject({ status: "approved", decidedBy: admin.id });

    const bell = await client.get(`/api/notifications/${requester.id}/`, { token: await testApp!.tokenFor(requester) });
    expect(bell.json().notifications).toEqual([
      expect.objectContaining({
        type: "admin_approved",
        read: false,
        actor_name: "Ada Admin",
        related_request_id: request.id,
        content: "Ada Admin approved your request for administrator rights.",
      }),
    ]);
    const own = await client.get(`/api/notifications/${admin.id}/`, { token: adminToken });
    expect(own.json().notifications[0]).toMatchObject({ type: "admin_request", read: true });
    expect(own.json().unread_count).toBe(0);
    const pending = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "admin_request"), eq(notifications.relatedRequestId, request.id)));
    expect(pending.every((item) => item.readAt !== null)).toBe(true);
    expect(await auditActionsOf(db, company.id)).toContain("admin_request.approved");
  });

  it("denies: the requester stays without admin rights and is notified", async () => {
    const { client, db, admin, requester, request, company, adminToken } = await start();
    const response = await client.post(
      "/api/admin-request-response/",
      { requestId: request.id, adminId: admin.id, approved: false },
      { token: adminToken },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, requester.id));
    expect(row!.isAdmin).toBe(false);
    const [sent] = await db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(sent).toMatchObject({ type: "admin_denied", relatedRequestId: request.id, actorId: admin.id });
    expect(await auditActionsOf(db, company.id)).toContain("admin_request.denied");
  });

  it("answers 409 for a request already answered, by anyone", async () => {
    const { client, admin, otherAdmin, request, adminToken } = await start();
    await client.post(
      "/api/admin-request-response/",
      { requestId: request.id, adminId: admin.id, approved: false },
      { token: adminToken },
    );
    const again = await client.post(
      "/api/admin-request-response/",
      { requestId: request.id, adminId: otherAdmin.id, approved: true },
      { token: await testApp!.tokenFor(otherAdmin) },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("admin_request.already_decided");
  });

  it("answers 403 when adminId is not the caller", async () => {
    const { client, db, otherAdmin, request, requester, adminToken } = await start();
    const response = await client.post(
      "/api/admin-request-response/",
      { requestId: request.id, adminId: otherAdmin.id, approved: true },
      { token: adminToken },
    );
    expect(response.statusCode).toBe(403);
    const [row] = await db.select().from(users).where(eq(users.id, requester.id));
    expect(row!.isAdmin).toBe(false);
  });

  it("answers 401 anonymously, 403 to a non-admin and 404 to another company's admin", async () => {
    const { client, db, request, requester, team } = await start();
    const manager = await buildMember(db, team, { role: "manager" });
    const other = await buildCompanyWithAdmin(db);
    const body = (adminId: string) => ({ requestId: request.id, adminId, approved: true });

    expect((await client.post("/api/admin-request-response/", body(requester.id))).statusCode).toBe(401);
    const asManager = await client.post("/api/admin-request-response/", body(manager.id), {
      token: await testApp!.tokenFor(manager),
    });
    expect(asManager.statusCode).toBe(403);
    const asRequester = await client.post("/api/admin-request-response/", body(requester.id), {
      token: await testApp!.tokenFor(requester),
    });
    expect(asRequester.statusCode).toBe(403);
    const asStranger = await client.post("/api/admin-request-response/", body(other.admin.id), {
      token: await testApp!.tokenFor(other.admin),
    });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().code).toBe("admin_request.not_found");
    const [row] = await db.select().from(adminRequests).where(eq(adminRequests.id, request.id));
    expect(row!.status).toBe("pending");
  });

  it("answers 404 for a malformed request id and 400 for a bad body", async () => {
    const { client, admin, adminToken } = await start();
    const malformed = await client.post(
      "/api/admin-request-response/",
      { requestId: "nope", adminId: admin.id, approved: true },
      { token: adminToken },
    );
    expect(malformed.statusCode).toBe(404);
    const bad = await client.post(
      "/api/admin-request-response/",
      { requestId: "x", adminId: admin.id },
      { token: adminToken },
    );
    expect(bad.statusCode).toBe(400);
  });
});
