/**
 * The calendar account: a person connects their calendar from Profile Settings, signs in and
 * consents at the provider (oidc-provider, started by the test setup), comes back through
 * /auth/calendar/callback to a connected calendar, and disconnects it.
 */
import { newDemoEmployee } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test("connect → callback → connected → disconnect", async ({ page }) => {
  const person = await newDemoEmployee("calendar-connection", "Rami");
  await logInThroughPage(page, person.email, person.password);
  await page.goto("/app/settings/profile");
  const section = page.getByRole("region", { name: "Calendar" });
  await section.getByRole("button", { name: "Connect Test Calendar" }).click();

  // The provider's own sign-in and consent pages.
  await page.locator('input[name="login"]').fill(person.email);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/auth\/calendar\/callback\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Your calendar is connected" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  const connected = page.getByRole("region", { name: "Calendar" });
  await expect(connected).toContainText("Your calendar is connected to Test Calendar.");
  await expectAccessible(page);
  await connected.getByRole("button", { name: "Disconnect" }).click();
  await expect(connected.getByRole("status").filter({ hasText: "is disconnected" })).toBeVisible();
  await expect(connected.getByRole("button", { name: "Connect Test Calendar" })).toBeVisible();
});
