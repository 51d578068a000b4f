/**
 * Single sign-on: an administrator sets up the company's identity provider in Company Settings →
 * Sign-in (oidc-provider, started by the test setup), then a new person of the company's domain
 * signs in through it from the login page, comes back through /login/sso and lands in the app; that
 * fresh sign-in lets them delete their account without a password.
 */
import { randomBytes } from "node:crypto";
import { createCompanyAdminThroughApi, newPerson } from "../support/accounts.ts";
import { E2E_OAUTH_CLIENT, E2E_OAUTH_ISSUER } from "../support/environment.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test("an admin sets up single sign-on, and a new colleague signs in through it", async ({ page, browser }) => {
  // A domain of this run's own, so no other journey's addresses sign in through the provider.
  const domain = `sso${Date.now().toString(36)}${randomBytes(2).toString("hex")}.example`;
  const admin = { ...newPerson("sso-admin", "Ada"), email: `ada@${domain}` };
  await createCompanyAdminThroughApi(admin, `Single Sign-on Co ${domain}`);
  await logInThroughPage(page, admin.email, admin.password);

  await page.goto("/app/settings/company");
  await page.getByRole("tab", { name: "Sign-in" }).click();
  const section = page.getByRole("region", { name: "Single sign-on" });
  await expect(section.getByText(/Administrators keep their password/)).toBeVisible();
  await expectAccessible(page);
  await section.getByRole("textbox", { name: "Issuer URL" }).fill(E2E_OAUTH_ISSUER);
  await section.getByRole("textbox", { name: "Client ID" }).fill(E2E_OAUTH_CLIENT.id);
  await section.getByLabel("Client secret").fill(E2E_OAUTH_CLIENT.secret);
  await section.getByRole("textbox", { name: "E-mail domains" }).fill(domain);
  await section.getByRole("button", { name: "Save sign-in settings" }).click();
  await expect(section.getByText("Single sign-on is saved.")).toBeVisible();
  await expect(section.getByText(/A client secret is saved and is never shown again/)).toBeVisible();

  // A colleague who has no account yet, in a browser of their own.
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto("/login");
  const email = colleague.getByRole("textbox", { name: "Email" });
  await email.fill(`nora.newcomer@${domain}`);
  await email.blur();
  const continueButton = colleague.getByRole("button", { name: "Continue with single sign-on" });
  await expect(continueButton).toBeVisible();
  await expectAccessible(colleague);
  await continueButton.click();

  // The provider's own sign-in and consent pages.
  await colleague.locator('input[name="login"]').fill(`nora.newcomer@${domain}`);
  await colleague.locator('input[name="password"]').fill("any password");
  await colleague.getByRole("button", { name: "Sign-in" }).click();
  await colleague.getByRole("button", { name: "Continue" }).click();

  await expect(colleague).toHaveURL(/\/app\/employee-ideas/);
  await expect(colleague.getByRole("heading", { level: 1, name: "Employee Ideas" })).toBeVisible();

  // Signed in through the provider a moment ago, the colleague deletes their account with no password to type.
  await colleague.goto("/app/settings/profile");
  await colleague.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Delete my account" }).click();
  const dialog = colleague.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("You signed in with single sign-on a moment ago, so no password is needed.");
  await expect(dialog.getByLabel("Your current password")).toHaveCount(0);
  await expectAccessible(colleague, '[role="dialog"]');
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(colleague).toHaveURL(/\/login/);
  await expect(colleague.getByText(/^Your account has been deleted\./)).toBeVisible();

  // /login/sso telling why a sign-in failed.
  await colleague.goto("/login/sso#error=denied");
  await expect(colleague.getByRole("alert")).toContainText("The sign-in was cancelled at your identity provider.");
  await expectAccessible(colleague);
  await context.close();
});
