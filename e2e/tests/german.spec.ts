/**
 * German journeys (issue 25): everything the server writes for a person is in the recipient's
 * language, not the actor's. A German employee reads the English manager's comment in German in
 * the bell, the e-mail (real SMTP peer) and the calendar feed, and sees their ideas page in German,
 * while the manager's own pages stay English; a signed-out browser set to German gets the German
 * login page and its validation messages.
 */
import ICAL from "ical.js";
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, test } from "../support/fixtures.ts";
import { unsubscribePathOf, waitForMail } from "../support/mailbox.ts";
import { logInThroughPage, signedInPage } from "../support/session.ts";

test("a German employee reads the English manager's comment in German: bell, e-mail and calendar feed", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(270_000);
  const person = await newDemoEmployee("german", "Lena");
  const author = await ApiSession.signIn(person.email, person.password);
  await author.patch("/api/users/current/", { language: "de" });
  const title = "Ruhige Ecken im Büro";
  const { idea } = await author.post<{ idea: { id: string } }>("/api/project-ideas/", {
    title,
    description: "Ein paar Sessel und Pflanzen machen das Büro ruhiger.",
  });
  const { feed_url: feedUrl } = await (await author.get("/api/calendar/")).json();
  await author.dispose();

  const manager = await ApiSession.signIn(DEMO.manager.email, DEMO_PASSWORD);
  await manager.post(`/api/project-ideas/${idea.id}/comments/`, { body: "Gute Idee, machen wir." });
  // The same bad request, the same code: the German employee and the English manager each read it in their language.
  const empty = { body: "" };
  const managerAnswer = await manager.postRaw(`/api/project-ideas/${idea.id}/comments/`, empty);
  await manager.dispose();

  // The e-mail, through the real SMTP peer: its subject is the notification sentence, in German.
  const mail = await waitForMail(person.email, /kommentiert/);
  expect(mail.subject).toBe(`${DEMO.manager.name} hat deine Idee „${title}“ kommentiert`);
  expect(mail.text).toContain("Du bekommst bei jedem Ereignis zu „Kommentare zu meinen Ideen“ eine E-Mail.");
  expect(mail.text).toContain("Diese E-Mails abbestellen: ");

  // The bell: the same sentence, in German.
  await logInThroughPage(page, person.email, person.password);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("button", { name: /^Benachrichtigungen/ }).click();
  const bell = page.getByRole("dialog", { name: "Benachrichtigungen" });
  await expect(bell.getByText(`${DEMO.manager.name} hat deine Idee „${title}“ kommentiert`)).toBeVisible();
  await page.keyboard.press("Escape");

  // The ideas page: the idea's status in German.
  await page.goto("/app/employee-ideas");
  await expect(page.getByRole("heading", { level: 1, name: "Ideen der Mitarbeitenden" })).toBeVisible();
  await expect(page.getByText("Eingereicht").first()).toBeVisible();

  // The e-mail's unsubscribe page, and what it answers, in German.
  await page.goto(unsubscribePathOf(mail.raw));
  await expect(page.getByRole("heading", { level: 1, name: "E-Mails abbestellen" })).toBeVisible();
  await page.getByRole("button", { name: "Abbestellen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Du hast die E-Mails abbestellt" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Du bekommst/ })).toHaveText(
    "Du bekommst keine E-Mails mehr zu „Kommentare zu meinen Ideen“. In den Profileinstellungen kannst du sie wieder einschalten.",
  );

  // The calendar feed: the challenge deadlines of the person's team and company, in German.
  const feed = await page.request.get(feedUrl, { headers: { authorization: "" } });
  expect(feed.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const summaries = calendar
    .getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("summary")));
  expect(summaries.length).toBeGreaterThan(0);
  expect(summaries.filter((summary) => summary.startsWith("Challenge-Frist: "))).not.toHaveLength(0);
  expect(summaries.filter((summary) => /deadline/i.test(summary))).toEqual([]);

  // The manager who acted reads English: their error and their pages.
  expect(managerAnswer.status).toBe(400);
  expect(managerAnswer.body.error).not.toMatch(/[äöüß]|Bitte/);
  const employee = await ApiSession.signIn(person.email, person.password);
  const employeeAnswer = await employee.postRaw(`/api/project-ideas/${idea.id}/comments/`, empty);
  await employee.dispose();
  expect(employeeAnswer.body.code).toBe(managerAnswer.body.code);
  expect(employeeAnswer.body.error).not.toBe(managerAnswer.body.error);
  const managerPage = await signedInPage(pageOfAnotherPerson, DEMO.manager.email);
  await expect(managerPage.locator("html")).toHaveAttribute("lang", "en");
  await managerPage.getByRole("button", { name: /^Notifications/ }).click();
  await expect(managerPage.getByRole("dialog", { name: "Notifications" })).toBeVisible();
});

test.describe("a signed-out browser set to German", () => {
  test.use({ locale: "de-DE" });

  test("gets the German login page and its validation messages", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: "Bei Ideaport anmelden" })).toBeVisible();
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page.getByText("E-Mail-Adresse erforderlich")).toBeVisible();
    await expect(page.getByText("Passwort erforderlich")).toBeVisible();
    await expect(page.getByText("Email is required")).toHaveCount(0);
  });
});
