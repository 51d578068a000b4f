/**
 * E-mail about one's ideas: a colleague's comment arrives by mail with a one-click unsubscribe
 * link; following it asks first, then turns that kind of mail off without signing in; Profile
 * Settings shows it, and another kind is moved to a daily digest there. An employee is offered
 * only what can reach them; an administrator also the requests they decide.
 */
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { unsubscribePathOf, waitForMail } from "../support/mailbox.ts";
import { logInThroughPage, signedInPage } from "../support/session.ts";

/** The kinds of e-mail an employee chooses from, in order. */
const EMPLOYEE_CATEGORIES = [
  "Approvals of my ideas",
  "Requests to revise my ideas",
  "Decisions not to take my ideas forward",
  "Comments on my ideas",
  "Answers to my requests for administrator or team manager rights",
  "Actions I own",
  "Reward redemptions",
];

test("a comment's mail unsubscribes in one click, and Profile Settings chooses the rest", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(360_000);
  const person = await newDemoEmployee("email-preferences", "Robin");
  const author = await ApiSession.signIn(person.email, person.password);
  const { idea } = await author.post<{ idea: { id: string } }>("/api/project-ideas/", {
    title: "Plants on every floor",
    description: "Green corners make the office calmer.",
  });
  await author.dispose();
  const manager = await ApiSession.signIn(DEMO.manager.email, DEMO_PASSWORD);
  await manager.post(`/api/project-ideas/${idea.id}/comments/`, { body: "Love it." });
  await manager.dispose();

  const mail = await waitForMail(person.email, /commented on your idea/);
  expect(mail.subject).toBe(`${DEMO.manager.name} commented on your idea "Plants on every floor"`);
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // The link opened in a browser asks before it changes anything.
  await page.goto(unsubscribePathOf(mail.raw));
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from e-mails" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^You will no longer/ })).toHaveText(
    'You will no longer get e-mails about "Comments on my ideas". You can turn them on again in Profile Settings.',
  );
  await expectAccessible(page);

  await logInThroughPage(page, person.email, person.password);
  await page.goto("/app/settings/profile");
  const section = page.getByRole("region", { name: "Notifications by e-mail" });
  await expect(section.getByRole("combobox", { name: "Comments on my ideas" })).toHaveValue("none");
  // Requests to decide never reach an employee: not offered.
  await expect(section.getByRole("combobox")).toHaveCount(EMPLOYEE_CATEGORIES.length);
  expect(
    await section
      .getByRole("combobox")
      .evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).labels?.[0]?.textContent)),
  ).toEqual(EMPLOYEE_CATEGORIES);
  await section.getByRole("combobox", { name: "Approvals of my ideas" }).selectOption({ label: "Daily digest" });
  await section.getByRole("button", { name: "Save e-mail settings" }).click();
  await expect(section.getByRole("status")).toHaveText("Your e-mail settings have been saved.");
  await expectAccessible(page);

  await page.reload();
  await expect(
    page
      .getByRole("region", { name: "Notifications by e-mail" })
      .getByRole("combobox", { name: "Approvals of my ideas" }),
  ).toHaveValue("daily");

  // An administrator is offered the requests they decide as well.
  const admin = await signedInPage(pageOfAnotherPerson, DEMO.admin.email);
  await admin.goto("/app/settings/profile");
  const adminSection = admin.getByRole("region", { name: "Notifications by e-mail" });
  await expect(adminSection.getByRole("combobox", { name: "Administrator and team manager requests" })).toHaveValue(
    "immediate",
  );
  await expect(adminSection.getByRole("combobox")).toHaveCount(EMPLOYEE_CATEGORIES.length + 1);
  await expectAccessible(admin);
});
