import { PersonalDataExportSchema } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  calendarConnections,
  comments,
  ideaEvents,
  ideas,
  notifications,
  pointLedger,
  pushSubscriptions,
  votes,
} from "../../db/schema/index.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildPerson, buildTeam } from "../../test/factories.ts";

const testApps = testAppPerTest();

/** A company with Ada (who exports), her colleague Bob and their admin Cleo, each with their own data. */
async function companyOfThree(app: TestApp) {
  const company = await buildCompany(app.db);
  const team = await buildTeam(app.db, { companyId: company.id, name: "Operations" });
  const ada = await buildPerson(app, { teamId: team.id, firstName: "Ada", lastName: "Lovelace" });
  const bob = await buildPerson(app, { teamId: team.id, firstName: "Bob", lastName: "Private" });
  const cleo = await buildPerson(app, { teamId: team.id, firstName: "Cleo", lastName: "Admin", role: "admin" });
  const companyId = company.id;

  const [adaIdea] = await app.db
    .insert(ideas)
    .values({ companyId, authorId: ada.id, teamId: team.id, title: "Solar panels on the roof", status: "submitted" })
    .returning();
  const [bobIdea] = await app.db
    .insert(ideas)
    .values({ companyId, authorId: bob.id, teamId: team.id, title: "Bob's secret plan", description: "Only Bob's." })
    .returning();
  await app.db.insert(ideaEvents).values([
    { companyId, ideaId: adaIdea!.id, toStatus: "draft", actorId: ada.id, createdAt: new Date("2026-11-01T09:00:00Z") },
    {
      companyId,
      ideaId: adaIdea!.id,
      fromStatus: "draft",
      toStatus: "submitted",
      actorId: cleo.id,
      note: "Sent on.",
      createdAt: new Date("2026-11-02T09:00:00Z"),
    },
  ]);
  await app.db.insert(comments).values([
    { companyId, ideaId: bobIdea!.id, authorId: ada.id, body: "Ada likes it." },
    { companyId, ideaId: adaIdea!.id, authorId: bob.id, body: "Bob's own words." },
  ]);
  await app.db.insert(votes).values([
    { companyId, ideaId: bobIdea!.id, userId: ada.id },
    { companyId, ideaId: adaIdea!.id, userId: bob.id },
  ]);
  await app.db.insert(pointLedger).values([
    { companyId, userId: ada.id, teamId: team.id, delta: 10, reason: "submit", referenceType: "idea" },
    { companyId, userId: bob.id, teamId: team.id, delta: 777, reason: "adjustment" },
  ]);
  await app.db.insert(notifications).values([
    { companyId, userId: ada.id, type: "idea_submitted", content: "Your idea was submitted." },
    { companyId, userId: bob.id, type: "idea_submitted", content: "Bob's notification." },
  ]);
  await app.db.insert(calendarConnections).values({
    companyId,
    userId: ada.id,
    provider: "google",
    accessTokenEncrypted: "ENCRYPTED-ACCESS-TOKEN",
    refreshTokenEncrypted: "ENCRYPTED-REFRESH-TOKEN",
    scope: "calendar.events",
  });
  await app.db.insert(pushSubscriptions).values(
    [ada, bob].map((person) => ({
      companyId,
      userId: person.id,
      endpoint: `https://push.example.com/${person.firstName}`,
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "PUSH-AUTH-SECRET",
      categories: ["comments" as const],
    })),
  );
  await app.db.insert(auditLog).values([
    {
      companyId,
      actorId: cleo.id,
      action: "user.made_admin",
      targetType: "user",
      targetId: ada.id,
      details: { email: bob.email },
    },
    { companyId, actorId: cleo.id, action: "user.deactivated", targetType: "user", targetId: bob.id },
  ]);
  return { ada, bob, cleo, adaIdea: adaIdea! };
}

describe("GET /api/users/current/export/", () => {
  it("answers the caller's own data as a JSON attachment", async () => {
    const app = await testApps.start();
    const { ada, adaIdea } = await companyOfThree(app);
    await app.client.post(
      "/api/auth/login/",
      { email: ada.email, password: ada.password },
      { headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0" } },
    );

    const script = await app.client.post(
      "/api/tokens/",
      { name: "Ada's report", expires_in_days: 30, scopes: ["ideas:read"] },
      { token: ada.token },
    );
    expect(script.statusCode, script.body).toBe(200);

    const response = await app.client.get("/api/users/current/export/", { token: ada.token });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(script.json().token);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="ideaport-my-data-2026-11-22.json"');
    expect(response.headers["cache-control"]).toBe("no-store");
    const data = PersonalDataExportSchema.parse(response.json());
    expect(data.profile).toMatchObject({
      email: ada.email,
      display_name: "Ada Lovelace",
      teams: [{ name: "Operations" }],
    });
    expect(data.ideas).toHaveLength(1);
    expect(data.ideas[0]).toMatchObject({ id: adaIdea.id, title: "Solar panels on the roof", team_name: "Operations" });
    expect(data.ideas[0]!.history.map((step) => [step.to_status, step.by, step.note])).toEqual([
      ["draft", "Ada Lovelace", null],
      ["submitted", "Cleo Admin", "Sent on."],
    ]);
    expect(data.comments.map((comment) => [comment.body, comment.idea_title])).toEqual([
      ["Ada likes it.", "Bob's secret plan"],
    ]);
    expect(data.votes.map((vote) => vote.idea_title)).toEqual(["Bob's secret plan"]);
    expect(data.points.map((entry) => entry.delta)).toEqual([10]);
    expect(data.notifications.map((notification) => notification.content)).toEqual(["Your idea was submitted."]);
    expect(data.email_preferences).toMatchObject({ comments: "immediate" });
    expect(data.calendar.connections).toEqual([
      expect.objectContaining({ provider: "google", scope: "calendar.events" }),
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ browser: "Firefox", os: "Windows" })]);
    expect(data.push_subscriptions).toEqual([
      expect.objectContaining({ endpoint: "https://push.example.com/Ada", categories: ["comments"] }),
    ]);
    expect(data.api_tokens).toEqual([
      expect.objectContaining({ name: "Ada's report", scopes: ["ideas:read"], last_used_at: null }),
    ]);
    expect(data.audit_entries.filter((entry) => entry.action === "api_token.created")).toEqual([
      expect.objectContaining({ target_type: "api_token", by: "Ada Lovelace", is_actor: true, is_target: false }),
    ]);
    // Newest first: the person's own sign-in, then the admin's change to them.
    expect(data.audit_entries.filter((entry) => entry.action !== "api_token.created")).toEqual([
      expect.objectContaining({
        action: "auth.sign_in_succeeded",
        by: "Ada Lovelace",
        is_actor: true,
        is_target: true,
      }),
      expect.objectContaining({ action: "user.made_admin", by: "Cleo Admin", is_actor: false, is_target: true }),
    ]);
    expect(data.incomplete_lists).toEqual([]);
  });

  it("holds nobody else's private data and no secret", async () => {
    const app = await testApps.start();
    const { ada, bob } = await companyOfThree(app);

    const response = await app.client.get("/api/users/current/export/", { token: ada.token });
    const body = response.body;

    // Bob's points (777) are not Ada's.
    expect(PersonalDataExportSchema.parse(response.json()).points.map((entry) => entry.delta)).toEqual([10]);
    for (const foreign of [bob.email, "Only Bob's.", "Bob's own words.", "Bob's notification.", "user.deactivated"]) {
      expect(body, foreign).not.toContain(foreign);
    }
    for (const secret of [
      "ENCRYPTED-ACCESS-TOKEN",
      "ENCRYPTED-REFRESH-TOKEN",
      "PUSH-AUTH-SECRET",
      "password",
      "token_hash",
      "$argon2",
    ]) {
      expect(body, secret).not.toContain(secret);
    }
  });

  it("answers a person without a company with their profile and empty lists", async () => {
    const app = await testApps.start();
    const loner = await buildPerson(app, { firstName: "Lone", lastName: "Wolf" });

    const response = await app.client.get("/api/users/current/export/", { token: loner.token });

    expect(response.statusCode, response.body).toBe(200);
    const data = PersonalDataExportSchema.parse(response.json());
    expect(data.profile).toMatchObject({ display_name: "Lone Wolf", company_name: null });
    expect(data.ideas).toEqual([]);
    expect(data.email_preferences).toBeNull();
    expect(data.audit_entries).toEqual([]);
  });

  it("answers 401 without a token", async () => {
    const app = await testApps.start();
    expect((await app.client.get("/api/users/current/export/")).statusCode).toBe(401);
  });
});
