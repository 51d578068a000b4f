/**
 * Provisioning with SCIM: an admin creates a token in Company Settings → Provisioning, an identity
 * provider (this test, over HTTP) provisions a person with it, the person appears in user
 * management; after the admin revokes the token, the provider's next call is refused.
 */
import { createCompanyAdminThroughApi, newPerson } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test("an admin connects an identity provider with a SCIM token, which provisions a person until revoked", async ({
  page,
  context,
}) => {
  test.setTimeout(270_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const admin = newPerson("scim-admin", "Ada");
  const companyName = `SCIM ${admin.lastName}`;
  await createCompanyAdminThroughApi(admin, companyName);
  await logInThroughPage(page, admin.email, admin.password);

  // The Provisioning tab: the base URL to paste into the identity provider, no tokens yet.
  await page.goto("/app/settings/company");
  await page.getByRole("tab", { name: "Provisioning" }).click();
  const section = page.getByRole("region", { name: "Provisioning (SCIM)" });
  const baseUrl = await section.getByRole("textbox", { name: "SCIM base URL" }).inputValue();
  expect(baseUrl).toMatch(/^http:\/\/localhost:\d+\/scim\/v2$/);
  await expect(section.getByText(/No tokens yet/)).toBeVisible();
  await expectAccessible(page, '[role="tabpanel"]');

  // Creating a token: named, then shown once with its copy button.
  await section.getByRole("button", { name: "Create token" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create a SCIM token" });
  await createDialog.getByRole("textbox", { name: /Token name/ }).fill("Entra ID production");
  await expectAccessible(page, '[role="dialog"]');
  await createDialog.getByRole("button", { name: "Create" }).click();
  const shown = page.getByRole("dialog", { name: "Your new token" });
  const token = await shown.getByRole("textbox", { name: "Token" }).inputValue();
  expect(token).toMatch(/^ideaport_scim_/);
  await shown.getByRole("button", { name: "Copy the token" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessible(page, '[role="dialog"]');
  await shown.getByRole("button", { name: "Done" }).click();
  const row = section.getByRole("row", { name: /Entra ID production/ });
  await expect(row).toContainText("Never");

  // The identity provider provisions a person with it, as Entra does: no CSRF token, no cookie.
  const scim = (path: string, init: { method?: string; data?: unknown } = {}) =>
    page.request.fetch(`${baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json", cookie: "" },
      ...(init.data === undefined ? {} : { data: JSON.stringify(init.data) }),
    });
  const person = newPerson("scim-person", "Grace");
  const created = await scim("/Users", {
    method: "POST",
    data: {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: person.email,
      name: { givenName: person.firstName, familyName: person.lastName },
      emails: [{ value: person.email, type: "work", primary: true }],
      active: true,
    },
  });
  expect(created.status()).toBe(201);
  expect(created.headers()["content-type"]).toContain("application/scim+json");

  // The person is in user management when the admin next opens it, in the team of the company.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Teams and users" })).toHaveAttribute("aria-selected", "true");
  const users = page.getByRole("region", { name: "User management" });
  await expect(users.getByText(person.email)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Team management" }).getByRole("row", { name: /Operations/ }),
  ).toContainText("2");

  // Revoking the token after confirming: the provider's next call is refused.
  await page.getByRole("tab", { name: "Provisioning" }).click();
  await expect(section.getByRole("row", { name: /Entra ID production/ })).not.toContainText("Never");
  await section.getByRole("button", { name: "Revoke Entra ID production" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke Entra ID production?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(section.getByText("Entra ID production has been revoked.")).toBeVisible();
  await expect(section.getByText(/No tokens yet/)).toBeVisible();

  const refused = await scim("/Users");
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
    status: "401",
  });
});
