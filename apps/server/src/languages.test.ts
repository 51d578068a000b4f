/**
 * Every person in their own language: the language a person chooses (or their company's default)
 * decides what the API answers them, and everything the server writes for someone (a bell
 * sentence, an e-mail, a calendar feed) is in the recipient's language, never the actor's. Error
 * codes are the same in every language.
 */
import { randomUUID } from "node:crypto";
import { CompanyResponseSchema, CurrentUserResponseSchema, NotificationListResponseSchema } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { type TestApp, testAppPerTest } from "./test/app.ts";
import { buildCompany, buildTeam, buildUser } from "./test/factories.ts";
import { mailPeerPerFile } from "./test/mail-peer.ts";

const peer = mailPeerPerFile();
const testApps = testAppPerTest();

/** One company (English by default) with a team: an English manager and admin, an English and a German employee. */
async function start() {
  const app = await testApps.start({ env: { SMTP_URL: peer.url, RATE_LIMIT_MULTIPLIER: "1000" } });
  const company = await buildCompany(app.db);
  const team = await buildTeam(app.db, { companyId: company.id, name: "Alpha" });
  const person = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(app.db, { teamId: team.id, email: `${randomUUID()}@example.com`, ...options });
    return { ...user, token: await app.tokenFor(user) };
  };
  return {
    app,
    company,
    team,
    manager: await person({ role: "manager", firstName: "Mona", lastName: "Manager", displayName: "Mona Manager" }),
    admin: await person({ isAdmin: true, firstName: "Ada", lastName: "Admin", displayName: "Ada Admin" }),
    eve: await person({ firstName: "Eve", lastName: "English", displayName: "Eve English" }),
    emil: await person({ firstName: "Emil", lastName: "Deutsch", displayName: "Emil Deutsch", language: "de" }),
  };
}

async function currentUser(app: TestApp, token: string) {
  return CurrentUserResponseSchema.parse((await app.client.get("/api/users/current/", { token })).json());
}

describe("the same bad request, in each caller's language", () => {
  it("answers the same code with the message in the caller's language", async () => {
    const { app, eve, emil } = await start();
    const tooShort = (token: string) =>
      app.client.post("/api/project-ideas/", { title: "Tiny", draft: true }, { token });
    const english = await tooShort(eve.token);
    const german = await tooShort(emil.token);
    expect(english.statusCode).toBe(400);
    expect(german.statusCode).toBe(400);
    expect(english.json()).toEqual({
      success: false,
      code: "request.invalid",
      error: "The title must be at least 5 characters.",
      fields: { title: "The title must be at least 5 characters." },
    });
    expect(german.json()).toEqual({
      success: false,
      code: "request.invalid",
      error: "Der Titel muss mindestens 5 Zeichen lang sein.",
      fields: { title: "Der Titel muss mindestens 5 Zeichen lang sein." },
    });

    const missing = (token: string) => app.client.post("/api/project-ideas/", {}, { token });
    expect((await missing(eve.token)).json().fields).toEqual({ title: "Please give your idea a title." });
    expect((await missing(emil.token)).json().fields).toEqual({ title: "Gib deiner Idee einen Titel." });

    const unknownIdea = (token: string) => app.client.get(`/api/project-ideas/${randomUUID()}/`, { token });
    expect((await unknownIdea(eve.token)).json()).toEqual({
      success: false,
      code: "idea.not_found",
      error: "That idea does not exist.",
    });
    expect((await unknownIdea(emil.token)).json()).toEqual({
      success: false,
      code: "idea.not_found",
      error: "Diese Idee gibt es nicht.",
    });
  });

  it("says zod's own refusals as sentences naming the field, and a message with values in its words", async () => {
    const { app, eve, emil } = await start();
    const wrongType = (token: string) =>
      app.client.post("/api/project-ideas/", { title: "Solar roof", description: 42, draft: true }, { token });
    expect((await wrongType(eve.token)).json().fields).toEqual({
      description: 'The field "description" has the wrong type (expected string, received number).',
    });
    expect((await wrongType(emil.token)).json().fields).toEqual({
      description: "Das Feld „description“ hat den falschen Typ (erwartet string, erhalten number).",
    });

    // Signing up is before signing in: the browser's language decides.
    const taken = (acceptLanguage: string) =>
      app.client.post(
        "/api/create-company/",
        {
          name: "Acme",
          password: "JoinAcme1",
          adminId: randomUUID(),
          teams: [
            { name: "Sales", invitedMembers: [] },
            { name: "sales", invitedMembers: [] },
          ],
          creatorRole: "employee",
        },
        { headers: { "accept-language": acceptLanguage } },
      );
    expect((await taken("en")).json().fields).toEqual({ "teams.1.name": 'Team "Sales" already exists.' });
    expect((await taken("de")).json().fields).toEqual({ "teams.1.name": "Das Team „Sales“ gibt es schon." });
  });

  it("answers a signed-out browser in the first language of its Accept-Language that Ideaport speaks", async () => {
    const { app } = await start();
    const login = (acceptLanguage?: string) =>
      app.client.post(
        "/api/auth/login/",
        { email: "", password: "" },
        acceptLanguage ? { headers: { "accept-language": acceptLanguage } } : {},
      );
    const german = await login("de-AT,de;q=0.9,en;q=0.8");
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({
      code: "request.invalid",
      fields: { email: "E-Mail-Adresse erforderlich", password: "Passwort erforderlich" },
    });
    expect((await login("fr-FR, de;q=0.5, en;q=0.4")).json().fields.email).toBe("E-Mail-Adresse erforderlich");
    expect((await login("en;q=0.2, de;q=0.8")).json().fields.email).toBe("E-Mail-Adresse erforderlich");
    expect((await login("de;q=0, en")).json().fields.email).toBe("Email is required");
    expect((await login("fr")).json().fields.email).toBe("Email is required");
    expect((await login()).json()).toMatchObject({ code: "request.invalid", fields: { email: "Email is required" } });

    const wrongPassword = await app.client.post(
      "/api/auth/login/",
      { email: "nobody@example.com", password: "Wrong-password-1" },
      { headers: { "accept-language": "de" } },
    );
    expect(wrongPassword.json()).toMatchObject({
      code: "auth.invalid_credentials",
      error: "Anmeldung fehlgeschlagen. Bitte prüfe deine Zugangsdaten.",
    });
  });
});

describe("PATCH /api/users/current/ with a language", () => {
  it("keeps the person's choice, answers what they read, and follows the company again on null", async () => {
    const { app, eve } = await start();
    expect(await currentUser(app, eve.token)).toMatchObject({ language: null, effective_language: "en" });

    const chosen = await app.client.patch("/api/users/current/", { language: "de" }, { token: eve.token });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user).toMatchObject({ language: "de", effective_language: "de" });
    expect(await currentUser(app, eve.token)).toMatchObject({ language: "de", effective_language: "de" });
    expect((await app.client.post("/api/project-ideas/", {}, { token: eve.token })).json().error).toBe(
      "Gib deiner Idee einen Titel.",
    );

    const cleared = await app.client.patch("/api/users/current/", { language: null }, { token: eve.token });
    expect(cleared.json().user).toMatchObject({ language: null, effective_language: "en" });
    expect(await currentUser(app, eve.token)).toMatchObject({ language: null, effective_language: "en" });
  });

  it("refuses a language Ideaport does not speak, in the caller's language, and changes nothing", async () => {
    const { app, eve, emil } = await start();
    for (const language of ["fr", "", 7, "EN"]) {
      const english = await app.client.patch("/api/users/current/", { language }, { token: eve.token });
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        code: "request.invalid",
        fields: { language: "That language is not available. Choose one of the languages Ideaport offers." },
      });
      const german = await app.client.patch("/api/users/current/", { language }, { token: emil.token });
      expect(german.json()).toMatchObject({
        code: "request.invalid",
        fields: { language: "Diese Sprache gibt es nicht. Wähl eine der Sprachen, die Ideaport anbietet." },
      });
    }
    expect(await currentUser(app, eve.token)).toMatchObject({ language: null, effective_language: "en" });
    expect(await currentUser(app, emil.token)).toMatchObject({ language: "de", effective_language: "de" });
  });
});

describe("PATCH /api/company/ with a default language", () => {
  it("applies the company's default to everyone who has not chosen, and leaves the others their choice", async () => {
    const { app, admin, eve, emil } = await start();
    expect(
      CompanyResponseSchema.parse((await app.client.get("/api/company/", { token: admin.token })).json()),
    ).toMatchObject({ company: { default_language: "en" } });

    const changed = await app.client.patch("/api/company/", { default_language: "de" }, { token: admin.token });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().company).toMatchObject({ default_language: "de" });
    expect((await app.client.get("/api/company/", { token: admin.token })).json().company.default_language).toBe("de");

    expect(await currentUser(app, eve.token)).toMatchObject({ language: null, effective_language: "de" });
    expect((await app.client.get(`/api/project-ideas/${randomUUID()}/`, { token: eve.token })).json().error).toBe(
      "Diese Idee gibt es nicht.",
    );
    await app.client.patch("/api/users/current/", { language: "en" }, { token: eve.token });
    expect(await currentUser(app, eve.token)).toMatchObject({ language: "en", effective_language: "en" });
    expect(await currentUser(app, emil.token)).toMatchObject({ language: "de", effective_language: "de" });
  });

  it("lets only administrators change it, and refuses a language Ideaport does not speak", async () => {
    const { app, admin, manager, eve } = await start();
    for (const person of [manager, eve]) {
      const refused = await app.client.patch("/api/company/", { default_language: "de" }, { token: person.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("auth.forbidden");
    }
    const invalid = await app.client.patch("/api/company/", { default_language: "xx" }, { token: admin.token });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      default_language: "That language is not available. Choose one of the languages Ideaport offers.",
    });
    expect((await app.client.get("/api/company/", { token: admin.token })).json().company.default_language).toBe("en");
  });
});

describe("what the server writes for a person, in the recipient's language", () => {
  it("tells a German employee in German (bell, e-mail, calendar feed) and the English manager who acted in English", async () => {
    const { app, manager, emil } = await start();
    const created = await app.client.post(
      "/api/project-ideas/",
      { title: "Solar roof", description: "Panels on the warehouse roof would save energy." },
      { token: emil.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    const ideaId = created.json().idea.id as string;

    const bell = async (person: { id: string; token: string }) =>
      NotificationListResponseSchema.parse(
        (await app.client.get(`/api/notifications/${person.id}/`, { token: person.token })).json(),
      ).notifications.map((notification) => notification.content);
    expect(await bell(manager)).toContain('Emil Deutsch submitted the new idea "Solar roof".');

    await app.client.post(`/api/project-ideas/${ideaId}/transition/`, { to: "under_review" }, { token: manager.token });
    const asked = await app.client.post(
      `/api/project-ideas/${ideaId}/transition/`,
      { to: "needs_revision", note: "Add the cost, please." },
      { token: manager.token },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const revisionSentence =
      "Mona Manager bittet dich, deine Idee „Solar roof“ zu überarbeiten: „Add the cost, please.“";
    expect(await bell(emil)).toContain(revisionSentence);

    const mail = await peer.waitForMail(emil.email);
    expect(mail.subject).toBe(revisionSentence);
    expect(mail.text).toContain("Hallo Emil Deutsch,");
    expect(mail.text).toContain(revisionSentence);
    expect(mail.text).toContain("In Ideaport öffnen: ");
    expect(mail.text).toContain("Du bekommst bei jedem Ereignis zu „Bitten, meine Ideen zu überarbeiten“ eine E-Mail.");
    expect(mail.html).toContain('<html lang="de">');

    const challenge = await app.client.post(
      "/api/challenges/",
      { title: "Less paper", description: "Where do we print too much?", scope: "team", ends_at: "2026-12-31" },
      { token: manager.token },
    );
    expect(challenge.statusCode, challenge.body).toBe(200);
    const feed = async (person: { token: string }) => {
      const feedUrl = (await app.client.get("/api/calendar/", { token: person.token })).json().feed_url as string;
      return (await app.client.get(new URL(feedUrl).pathname)).body;
    };
    const germanFeed = await feed(emil);
    expect(germanFeed).toContain("SUMMARY:Challenge-Frist: Less paper");
    expect(germanFeed).toContain("X-WR-CALDESC:Fristen von Challenges, Fälligkeitsdaten von Maßnahmen");
    const englishFeed = await feed(manager);
    expect(englishFeed).toContain("SUMMARY:Challenge deadline: Less paper");
    expect(englishFeed).toContain("X-WR-CALDESC:Challenge deadlines, action due dates");
  });
});
