import { NotificationListResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminRequests, notifications } from "../../db/schema/index.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildUser } from "../../test/factories.ts";
import { buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";
import { notify } from "./notifications.service.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  const fixture = await buildCompanyWithAdmin(testApp.db);
  const member = await buildMember(testApp.db, fixture.team);
  const token = await testApp.tokenFor(member);
  return { ...testApp, ...fixture, member, token };
}

/** Inserts `total` notifications for a user, three per timestamp, one second apart. */
async function insertNotifications(app: TestApp, companyId: string, userId: string, total: number) {
  const base = Date.parse("2026-11-01T00:00:00Z");
  const rows = Array.from({ length: total }, (_, index) => ({
    companyId,
    userId,
    type: "new_comment" as const,
    content: `Notification ${index}`,
    createdAt: new Date(base + Math.floor(index / 3) * 1000),
  }));
  return app.db.insert(notifications).values(rows).returning();
}

describe("GET /api/notifications/:userId/", () => {
  it("answers 401 without a token", async () => {
    const { client, member } = await start();
    const response = await client.get(`/api/notifications/${member.id}/`);
    expect(response.statusCode).toBe(401);
  });

  it("answers 403 for a colleague's notifications and 404 for anyone outside the company", async () => {
    const { client, admin, token, db, company } = await start();
    await notify(db, { companyId: company.id, actorId: null, userIds: [admin.id], type: "admin_request" });
    const response = await client.get(`/api/notifications/${admin.id}/`, { token });
    expect(response.statusCode).toBe(403);
    const outsider = (await buildCompanyWithAdmin(db)).admin;
    const elsewhere = await client.get(`/api/notifications/${outsider.id}/`, { token });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe("That user does not exist in this company.");
    const malformed = await client.get("/api/notifications/not-a-uuid/", { token });
    expect(malformed.statusCode).toBe(404);
  });

  it("answers the caller's notifications in the spec's shape with the unread count", async () => {
    const { client, member, token, db, company, admin } = await start();
    await notify(db, {
      companyId: company.id,
      userIds: [member.id],
      type: "admin_approved",
      actorId: admin.id,
      actorName: "Ada Admin",
    });
    await notify(db, {
      companyId: company.id,
      userIds: [member.id],
      type: "new_challenge_posted",
      actorId: null,
      challengeTitle: "Less paper",
      challengeScope: "team",
    });
    const response = await client.get(`/api/notifications/${member.id}/`, { token });
    expect(response.statusCode).toBe(200);
    const body = NotificationListResponseSchema.parse(response.json());
    expect(body.unread_count).toBe(2);
    expect(body.next_cursor).toBeNull();
    const approved = body.notifications.find((item) => item.type === "admin_approved")!;
    expect(approved).toMatchObject({
      _id: approved.id,
      read: false,
      actor_name: "Ada Admin",
      project_idea_title: null,
      related_idea_id: null,
      related_request_id: null,
      request_status: null,
      challenge_title: null,
      challenge_scope: "company",
    });
    expect(new Date(approved.created_at).toISOString()).toBe(approved.created_at);
    const challenge = body.notifications.find((item) => item.type === "new_challenge_posted")!;
    expect(challenge).toMatchObject({ challenge_title: "Less paper", challenge_scope: "team" });
  });

  it("says whether each admin request is still pending, and how it was decided", async () => {
    const { client, admin, db, company, team } = await start();
    const adminToken = await testApps.current.tokenFor(admin);
    const requesters = [await buildMember(db, team), await buildMember(db, team), await buildMember(db, team)];
    const requests = await db
      .insert(adminRequests)
      .values(requesters.map((requester) => ({ companyId: company.id, requesterId: requester.id })))
      .returning();
    // The admin hears of each request, as the admin-requests module tells them.
    const toAdmin = { companyId: company.id, userIds: [admin.id], type: "admin_request", actorId: null } as const;
    for (const request of requests) await notify(db, { ...toAdmin, relatedRequestId: request.id });
    const statusOf = async () => {
      const response = await client.get(`/api/notifications/${admin.id}/`, { token: adminToken });
      const body = NotificationListResponseSchema.parse(response.json());
      return new Map(body.notifications.map((item) => [item.related_request_id, item.request_status]));
    };
    expect([...(await statusOf()).values()]).toEqual(["pending", "pending", "pending"]);

    for (const [request, approved] of [
      [requests[0]!, true],
      [requests[1]!, false],
    ] as const) {
      const decided = await client.post(
        "/api/admin-request-response/",
        { requestId: request.id, adminId: admin.id, approved },
        { token: adminToken },
      );
      expect(decided.statusCode, decided.body).toBe(200);
    }

    const statuses = await statusOf();
    expect(statuses.get(requests[0]!.id)).toBe("approved");
    expect(statuses.get(requests[1]!.id)).toBe("denied");
    expect(statuses.get(requests[2]!.id)).toBe("pending");
    // The requester's own answer names the request too.
    const requesterToken = await testApps.current.tokenFor(requesters[0]!);
    const theirs = (await client.get(`/api/notifications/${requesters[0]!.id}/`, { token: requesterToken })).json();
    expect(theirs.notifications).toMatchObject([{ type: "admin_request_response", request_status: "approved" }]);
  });

  it("pages through 45 notifications newest first with next_cursor and no duplicates", async () => {
    const { client, member, token, db, company } = await start();
    const inserted = await insertNotifications(testApps.current, company.id, member.id, 45);
    const expectedOrder = [...inserted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const response = await client.get(`/api/notifications/${member.id}/${query}`, { token });
      expect(response.statusCode).toBe(200);
      const body = NotificationListResponseSchema.parse(response.json());
      expect(body.unread_count).toBe(45);
      pageSizes.push(body.notifications.length);
      seen.push(...body.notifications.map((item) => item.id));
      cursor = body.next_cursor;
    } while (cursor);

    expect(pageSizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual(expectedOrder);
    const others = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(others).toHaveLength(45);
  });

  it("honours limit up to 100 and refuses more", async () => {
    const { client, member, token, company } = await start();
    await insertNotifications(testApps.current, company.id, member.id, 7);
    const small = await client.get(`/api/notifications/${member.id}/?limit=5`, { token });
    expect(small.json().notifications).toHaveLength(5);
    expect(small.json().next_cursor).toEqual(expect.any(String));
    const tooMany = await client.get(`/api/notifications/${member.id}/?limit=101`, { token });
    expect(tooMany.statusCode).toBe(400);
    const zero = await client.get(`/api/notifications/${member.id}/?limit=0`, { token });
    expect(zero.statusCode).toBe(400);
  });

  it("answers 400 for a cursor it did not make", async () => {
    const { client, member, token } = await start();
    for (const cursor of ["garbage", Buffer.from('["2026-01-01","x"]').toString("base64url"), "W10"]) {
      const response = await client.get(`/api/notifications/${member.id}/?cursor=${cursor}`, { token });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("POST /api/notifications/mark-read/", () => {
  it("marks the given notifications read and leaves the others unread", async () => {
    const { client, member, token, company } = await start();
    const [first, second, third] = await insertNotifications(testApps.current, company.id, member.id, 3);
    const response = await client.post("/api/notifications/mark-read/", { ids: [first!.id, second!.id] }, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const list = (await client.get(`/api/notifications/${member.id}/`, { token })).json();
    expect(list.unread_count).toBe(1);
    const byId = new Map<string, { read: boolean }>(
      list.notifications.map((item: { id: string; read: boolean }) => [item.id, item]),
    );
    expect(byId.get(first!.id)?.read).toBe(true);
    expect(byId.get(third!.id)?.read).toBe(false);
  });

  it("marks all of the caller's notifications read when no ids are given", async () => {
    const { client, member, token, company } = await start();
    await insertNotifications(testApps.current, company.id, member.id, 4);
    await client.post("/api/notifications/mark-read/", {}, { token });
    const list = (await client.get(`/api/notifications/${member.id}/`, { token })).json();
    expect(list.unread_count).toBe(0);
  });

  it("never touches another user's notifications and ignores malformed ids", async () => {
    const { client, admin, token, company, db } = await start();
    const [theirs] = await insertNotifications(testApps.current, company.id, admin.id, 1);
    const response = await client.post("/api/notifications/mark-read/", { ids: [theirs!.id, "not-a-uuid"] }, { token });
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(row!.readAt).toBeNull();
    const markAll = await client.post("/api/notifications/mark-read/", {}, { token });
    expect(markAll.statusCode).toBe(200);
    const [still] = await db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(still!.readAt).toBeNull();
  });

  it("answers 401 without a token and 400 for a bad body", async () => {
    const { client, token } = await start();
    expect((await client.post("/api/notifications/mark-read/", {})).statusCode).toBe(401);
    expect((await client.post("/api/notifications/mark-read/", { ids: "all" }, { token })).statusCode).toBe(400);
  });
});

describe("notify()", () => {
  it("writes one row per distinct recipient", async () => {
    const { db, company, admin, member } = await start();
    const written = await notify(db, {
      companyId: company.id,
      userIds: [admin.id, member.id, admin.id],
      type: "new_comment",
      actorId: null,
      projectIdeaTitle: "Solar roof",
    });
    expect(written).toBe(2);
    const rows = await db.select().from(notifications).where(eq(notifications.companyId, company.id));
    expect(rows.map((row) => row.userId).sort()).toEqual([admin.id, member.id].sort());
    expect(rows.every((row) => row.projectIdeaTitle === "Solar roof")).toBe(true);
    expect(await notify(db, { companyId: company.id, actorId: null, userIds: [], type: "new_comment" })).toBe(0);
  });

  it("stores the facts and the shared sentence for each recipient, and never notifies the actor", async () => {
    const { db, company, admin, member } = await start();
    await notify(db, {
      companyId: company.id,
      userIds: [admin.id, member.id],
      type: "idea_revision_submitted",
      actorId: admin.id,
      actorName: "Ada Admin",
      subjectId: admin.id,
      projectIdeaTitle: "Solar roof",
      note: "  ",
    });
    const rows = await db.select().from(notifications).where(eq(notifications.companyId, company.id));
    expect(rows.map((row) => [row.userId, row.content])).toEqual([
      [member.id, 'Ada Admin sent the revised idea "Solar roof" back for review.'],
    ]);
    expect(rows.every((row) => row.subjectId === admin.id && row.note === null)).toBe(true);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const { db, company, member } = await start();
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, { companyId: company.id, actorId: null, userIds: [member.id], type: "new_comment" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const rows = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(rows).toHaveLength(0);
  });

  it("keeps a user without a company out of company lists", async () => {
    const { client } = await start();
    const loner = await buildUser(testApps.current.db);
    const token = await testApps.current.tokenFor(loner);
    const response = await client.get(`/api/notifications/${loner.id}/`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().notifications).toEqual([]);
  });
});
