import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  calendarConnections,
  comments,
  ideas,
  mailOutbox,
  notifications,
  pointLedger,
  pushSubscriptions,
  refreshTokens,
  users,
} from "../../db/schema/index.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildPerson, buildTeam, type Person } from "../../test/factories.ts";

const testApps = testAppPerTest();

/**
 * A company with Ada (who is erased), her colleague Bob and their admin Cleo: Ada wrote an idea
 * and a comment, earned points, has a notification and a calendar connection, and Bob has a
 * notification naming her.
 */
async function companyWithAda(app: TestApp, options: { defaultLanguage?: "en" | "de" } = {}) {
  const company = await buildCompany(app.db, options);
  const team = await buildTeam(app.db, { companyId: company.id, name: "Operations" });
  const ada = await buildPerson(app, { teamId: team.id, firstName: "Ada", lastName: "Lovelace" });
  const bob = await buildPerson(app, { teamId: team.id, firstName: "Bob", lastName: "Builder" });
  const cleo = await buildPerson(app, { teamId: team.id, firstName: "Cleo", lastName: "Admin", role: "admin" });
  const companyId = company.id;
  const [idea] = await app.db
    .insert(ideas)
    .values({
      companyId,
      authorId: ada.id,
      teamId: team.id,
      title: "Solar panels on the roof",
      status: "submitted",
      // Within the analytics' periods, which end at the test clock's today.
      createdAt: new Date("2026-11-20T09:00:00Z"),
      submittedAt: new Date("2026-11-20T09:00:00Z"),
    })
    .returning();
  await app.db.insert(comments).values({ companyId, ideaId: idea!.id, authorId: ada.id, body: "Ada's own words." });
  await app.db.insert(pointLedger).values({
    companyId,
    userId: ada.id,
    teamId: team.id,
    delta: 10,
    reason: "submit",
    referenceType: "idea",
  });
  await app.db.insert(notifications).values([
    { companyId, userId: ada.id, type: "idea_submitted", content: "Your idea was submitted." },
    {
      companyId,
      userId: bob.id,
      type: "new_comment",
      content: "Ada Lovelace commented on your idea.",
      actorId: ada.id,
      actorName: "Ada Lovelace",
    },
  ]);
  await app.db.insert(calendarConnections).values({
    companyId,
    userId: ada.id,
    provider: "google",
    accessTokenEncrypted: "ENCRYPTED-ACCESS-TOKEN",
    refreshTokenEncrypted: "ENCRYPTED-REFRESH-TOKEN",
    scope: "calendar.events",
  });
  return { company, team, ada, bob, cleo, idea: idea! };
}

/** Signs a person in with their password; answers the login response. */
async function signIn(app: TestApp, person: { email: string; password: string }) {
  return app.client.post("/api/auth/login/", { email: person.email, password: person.password });
}

async function userRow(app: TestApp, id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function auditOf(app: TestApp, companyId: string, action: string) {
  return (await app.db.select().from(auditLog).where(eq(auditLog.companyId, companyId))).filter(
    (entry) => entry.action === action,
  );
}

/** What a colleague reads as the author of the idea and of its comment. */
async function authorsSeenBy(app: TestApp, colleague: Person, ideaId: string) {
  const list = await app.client.get("/api/project-ideas/", { token: colleague.token });
  expect(list.statusCode, list.body).toBe(200);
  const listed = list.json().ideas.find((idea: { id: string }) => idea.id === ideaId);
  const detail = await app.client.get(`/api/project-ideas/${ideaId}/`, { token: colleague.token });
  expect(detail.statusCode, detail.body).toBe(200);
  return {
    list: listed.author.display_name as string,
    detail: detail.json().idea.author.display_name as string,
    comments: detail
      .json()
      .idea.comments.map((comment: { author: { display_name: string } }) => comment.author.display_name),
  };
}

describe("DELETE /api/users/current/ (Delete my account)", () => {
  it("refuses a wrong or missing password and changes nothing", async () => {
    const app = await testApps.start();
    const { ada, company } = await companyWithAda(app);

    for (const body of [{ password: "not-my-password" }, {}]) {
      const response = await app.client.request({
        method: "DELETE",
        url: "/api/users/current/",
        body,
        token: ada.token,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe("settings.current_password_incorrect");
    }

    expect(await userRow(app, ada.id)).toMatchObject({ displayName: "Ada Lovelace", email: ada.email, isActive: true });
    expect(await auditOf(app, company.id, "user.erased")).toEqual([]);
    expect((await signIn(app, ada)).statusCode).toBe(200);
  });

  it("erases the person: they cannot sign in, refresh or use their token; their idea and comment stay under Former colleague", async () => {
    const app = await testApps.start();
    const { ada, bob, company, idea } = await companyWithAda(app);
    const session = (await signIn(app, ada)).json();
    await app.db.insert(pushSubscriptions).values({
      companyId: company.id,
      userId: ada.id,
      endpoint: "https://push.example.com/ada-phone",
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
      categories: ["approvals"],
    });

    const response = await app.client.request({
      method: "DELETE",
      url: "/api/users/current/",
      body: { password: ada.password },
      token: session.access,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect((await signIn(app, ada)).statusCode).toBe(401);
    expect((await app.client.post("/api/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
    expect((await app.client.get("/api/users/current/", { token: session.access })).statusCode).toBe(401);

    const row = await userRow(app, ada.id);
    expect(row).toMatchObject({ displayName: "Former colleague", isActive: false, lastLoginAt: null });
    expect(row.email).toBe(`erased-${ada.id}@erased.invalid`);
    expect(row.erasedAt).not.toBeNull();
    // Her own rows are gone; the company's stay.
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, ada.id))).toEqual([]);
    expect(await app.db.select().from(calendarConnections).where(eq(calendarConnections.userId, ada.id))).toEqual([]);
    expect(await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, ada.id))).toEqual([]);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ada.id))).toEqual([]);
    expect(await app.db.select().from(pointLedger).where(eq(pointLedger.userId, ada.id))).toHaveLength(1);

    expect(await authorsSeenBy(app, bob, idea.id)).toEqual({
      list: "Former colleague",
      detail: "Former colleague",
      comments: ["Former colleague"],
    });
    // Bob's bell names her no more.
    const bell = await app.client.get(`/api/notifications/${bob.id}/`, { token: bob.token });
    expect(bell.body).not.toContain("Ada");
    const [bobsNotification] = await app.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    expect(bobsNotification).toMatchObject({
      actorName: "Former colleague",
      content: "Former colleague commented on your idea.",
    });

    const [erased] = await auditOf(app, company.id, "user.erased");
    expect(erased).toMatchObject({ actorId: ada.id, targetId: ada.id, details: { by: "self" } });
  });

  it("frees the e-mail address: it can sign up again", async () => {
    const app = await testApps.start();
    const { ada } = await companyWithAda(app);
    await app.client.request({
      method: "DELETE",
      url: "/api/users/current/",
      body: { password: ada.password },
      token: ada.token,
    });

    expect(await app.db.select().from(users).where(eq(users.email, ada.email))).toEqual([]);
    const signUp = await app.client.post("/api/request-verification-code/", {
      email: ada.email,
      password: "Password123!",
      first_name: "Ada",
      last_name: "Again",
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    // A code to sign up with, not the "you already have an account" mail.
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, ada.email));
    expect(mails.map((mail) => /\d{6}/.test(mail.subject))).toEqual([true]);
  });

  it("erases a person who has no company yet", async () => {
    const app = await testApps.start();
    const loner = await buildPerson(app, { firstName: "Lone", lastName: "Wolf" });

    const response = await app.client.request({
      method: "DELETE",
      url: "/api/users/current/",
      body: { password: loner.password },
      token: loner.token,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(await userRow(app, loner.id)).toMatchObject({ displayName: "Former colleague", isActive: false });
    expect((await signIn(app, loner)).statusCode).toBe(401);
  });

  it("names the person in their company's language", async () => {
    const app = await testApps.start();
    const { ada, bob, idea } = await companyWithAda(app, { defaultLanguage: "de" });
    await app.client.request({
      method: "DELETE",
      url: "/api/users/current/",
      body: { password: ada.password },
      token: ada.token,
    });

    expect((await authorsSeenBy(app, bob, idea.id)).list).toBe("Ehemaliges Teammitglied");
  });

  it("refuses the company's last administrator", async () => {
    const app = await testApps.start();
    const { cleo, company } = await companyWithAda(app);

    const response = await app.client.request({
      method: "DELETE",
      url: "/api/users/current/",
      body: { password: cleo.password },
      token: cleo.token,
    });

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe("company.last_admin");
    expect(await userRow(app, cleo.id)).toMatchObject({ displayName: "Cleo Admin", isActive: true });
    expect(await auditOf(app, company.id, "user.erased")).toEqual([]);
  });
});

describe("DELETE /api/company/users/:userId/ (an administrator erases a person)", () => {
  it("erases a person of the admin's company, audited as the admin's", async () => {
    const app = await testApps.start();
    const { ada, bob, cleo, company, idea } = await companyWithAda(app);

    const response = await app.client.delete(`/api/company/users/${ada.id}/`, { token: cleo.token });

    expect(response.statusCode, response.body).toBe(200);
    expect((await signIn(app, ada)).statusCode).toBe(401);
    expect((await app.client.get("/api/users/current/", { token: ada.token })).statusCode).toBe(401);
    expect((await authorsSeenBy(app, bob, idea.id)).comments).toEqual(["Former colleague"]);
    // The analytics export and the audit log name her the same way.
    const csv = await app.client.get("/api/analytics/ideas.csv?period=year", { token: cleo.token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain("Former colleague");
    expect(csv.body).not.toContain("Lovelace");
    const log = await app.client.get(`/api/audit-log/?actor=${cleo.id}`, { token: cleo.token });
    expect(log.body).toContain("Former colleague");
    expect(log.body).not.toContain("Lovelace");
    const [erased] = await auditOf(app, company.id, "user.erased");
    expect(erased).toMatchObject({ actorId: cleo.id, targetId: ada.id, details: { by: "admin" } });
    // The erased person is no one to manage any more: not listed, not reactivated.
    const listed = await app.client.get("/api/company/users/", { token: cleo.token });
    expect(listed.json().users.map((user: { id: string }) => user.id)).not.toContain(ada.id);
    const reactivate = await app.client.patch(
      `/api/company/users/${ada.id}/`,
      { is_active: true },
      { token: cleo.token },
    );
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json().code).toBe("user.erased");
    // Erased once: a second erasure finds no one.
    expect((await app.client.delete(`/api/company/users/${ada.id}/`, { token: cleo.token })).statusCode).toBe(404);
  });

  it("refuses the admin's own account, and non-admins", async () => {
    const app = await testApps.start();
    const { ada, bob, cleo, company } = await companyWithAda(app);

    const self = await app.client.delete(`/api/company/users/${cleo.id}/`, { token: cleo.token });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe("user.erase_self");
    expect((await app.client.delete(`/api/company/users/${ada.id}/`, { token: bob.token })).statusCode).toBe(403);

    expect(await auditOf(app, company.id, "user.erased")).toEqual([]);
    expect((await signIn(app, ada)).statusCode).toBe(200);
  });

  it("does not find a person of another company", async () => {
    const app = await testApps.start();
    const { ada } = await companyWithAda(app);
    const other = await buildCompany(app.db);
    const otherTeam = await buildTeam(app.db, { companyId: other.id });
    const otherAdmin = await buildPerson(app, { teamId: otherTeam.id, role: "admin" });

    const response = await app.client.delete(`/api/company/users/${ada.id}/`, { token: otherAdmin.token });

    expect(response.statusCode).toBe(404);
    expect(await userRow(app, ada.id)).toMatchObject({ displayName: "Ada Lovelace", isActive: true });
  });
});

describe("GET /api/users/current/export/ audit", () => {
  it("records the export in the company's audit log", async () => {
    const app = await testApps.start();
    const { ada, company } = await companyWithAda(app);

    expect((await app.client.get("/api/users/current/export/", { token: ada.token })).statusCode).toBe(200);

    const entries = await auditOf(app, company.id, "data.exported");
    expect(entries).toEqual([expect.objectContaining({ actorId: ada.id, targetType: "user", targetId: ada.id })]);
  });
});
