/**
 * Each person's data theirs: a person deletes their own account from Profile Settings → Your data
 * (a wrong password first, then theirs) and lands on the login page, which says so; the idea they
 * submitted shows "Former colleague" to their manager; the company's admin erases another person
 * from user management, confirmed by typing their name; neither can sign in again.
 */
import {
  ApiSession,
  companyPasswordOf,
  createCompanyAdminThroughApi,
  createEmployeeThroughApi,
  newPerson,
} from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage } from "../support/session.ts";

test("a person deletes their account, their idea shows Former colleague, and an admin erases another person", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(360_000);
  const admin = newPerson("erasure-admin", "Ada");
  const leaver = newPerson("erasure-leaver", "Lee");
  const other = newPerson("erasure-other", "Olu");
  const companyName = `Erasure ${admin.lastName}`;
  await createCompanyAdminThroughApi(admin, companyName);
  const company = { name: companyName, password: companyPasswordOf(companyName) };
  await createEmployeeThroughApi(leaver, company, "Operations");
  await createEmployeeThroughApi(other, company, "Operations");
  const ideaTitle = `Bike racks by the entrance ${leaver.lastName}`;
  const leaverApi = await ApiSession.signIn(leaver.email, leaver.password);
  const ideaId = await submitIdeaThroughApi(leaverApi, ideaTitle);
  await leaverApi.dispose();

  // 1. The leaver deletes their account: the dialog says what goes and what stays, and asks for the password.
  await logInThroughPage(page, leaver.email, leaver.password);
  await page.goto("/app/settings/profile");
  const yourData = page.getByRole("region", { name: "Your data" });
  await yourData.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("shown under “Former colleague”");
  await expectAccessible(page, '[role="dialog"]');
  const password = dialog.getByLabel("Your current password");
  await password.fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(dialog.getByText("Your current password is incorrect.")).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await password.fill(leaver.password);
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/^Your account has been deleted\./)).toBeVisible();
  await expectAccessible(page);
  const leaverAgain = await ApiSession.open();
  expect(
    (await leaverAgain.postRaw("/api/auth/login/", { email: leaver.email, password: leaver.password })).status,
  ).toBe(401);
  await leaverAgain.dispose();

  // 2. The admin, who manages Operations, opens the idea: its author is a former colleague.
  const adminPage = await pageOfAnotherPerson();
  await logInThroughPage(adminPage, admin.email, admin.password);
  await adminPage.goto(`/app/manager-ideas?idea=${ideaId}`);
  const idea = adminPage.getByRole("dialog", { name: ideaTitle });
  await expect(idea.getByRole("heading", { name: "Status history" })).toBeVisible();
  await expect(idea).toContainText("Former colleague");
  await expect(idea).not.toContainText(leaver.displayName);
  await expectAccessible(adminPage, '[role="dialog"]');

  // 3. The admin erases the other person from user management, typing their name to confirm.
  await adminPage.goto("/app/settings/company");
  const users = adminPage.getByRole("region", { name: "User management" });
  await expect(users.getByRole("button", { name: `Erase ${admin.displayName}` })).toHaveCount(0);
  await users.getByRole("button", { name: `Erase ${other.displayName}` }).click();
  const erase = adminPage.getByRole("dialog", { name: `Erase ${other.displayName}?` });
  await expect(erase).toContainText("This cannot be undone.");
  await expectAccessible(adminPage, '[role="dialog"]');
  await erase.getByRole("textbox", { name: `Type ${other.displayName} to confirm` }).fill(other.displayName);
  await erase.getByRole("button", { name: "Erase for good" }).click();

  await expect(users.getByRole("status")).toHaveText(`${other.displayName}'s personal data was erased.`);
  await expect(users.getByRole("button", { name: `Erase ${other.displayName}` })).toHaveCount(0);
  await expect(users.getByRole("rowheader", { name: new RegExp(leaver.displayName) })).toHaveCount(0);
  await expectAccessible(adminPage);
  const otherAgain = await ApiSession.open();
  expect((await otherAgain.postRaw("/api/auth/login/", { email: other.email, password: other.password })).status).toBe(
    401,
  );
  await otherAgain.dispose();
});
