/**
 * API tokens: a person creates a token in Profile Settings → API tokens, a script (this test,
 * over HTTP, with no cookie and no CSRF token) lists ideas with it; a route outside its scopes is
 * refused; after the person revokes it, the script's next call is refused.
 */
import { newDemoEmployee } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test("a person creates an API token, a script lists ideas with it, and it is refused once revoked", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(270_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const person = await newDemoEmployee("api-token", "Tariq");
  await logInThroughPage(page, person.email, person.password);

  await page.goto("/app/settings/profile");
  const section = page.getByRole("region", { name: "API tokens" });
  await expect(section.getByText("No API tokens yet.")).toBeVisible();
  await expectAccessible(page, "main");

  // Creating a token: a name, an expiry and one scope; shown once with its copy button.
  await section.getByRole("button", { name: "Create token" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create an API token" });
  await expect(createDialog.getByRole("checkbox")).toHaveCount(5);
  await createDialog.getByRole("textbox", { name: /Token name/ }).fill("Ideas report");
  await createDialog.getByRole("combobox", { name: "Expires" }).selectOption({ label: "In 90 days" });
  await createDialog.getByRole("checkbox", { name: /Read ideas, comments and the action board/ }).check();
  await expectAccessible(page, '[role="dialog"]');
  await createDialog.getByRole("button", { name: "Create" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API token" });
  const token = await shown.getByRole("textbox", { name: "Token" }).inputValue();
  expect(token).toMatch(/^ipt_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copy the token" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessible(page, '[role="dialog"]');
  await shown.getByRole("button", { name: "Done" }).click();
  const row = section.getByRole("row", { name: /Ideas report/ });
  await expect(row).toContainText("ideas:read");
  await expect(row).toContainText("Never");

  // A script of its own: no cookies, no CSRF token, only the bearer token.
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const ideas = await script.get("/api/project-ideas/");
  expect(ideas.status()).toBe(200);
  const list = (await ideas.json()) as { success: boolean; ideas: { title: string }[] };
  expect(list.success).toBe(true);
  expect(list.ideas.length).toBeGreaterThan(0);
  const outside = await script.post("/api/project-ideas/", {
    data: { title: "From a script", description: "Not allowed by the scope." },
  });
  expect(outside.status()).toBe(403);
  expect(await outside.json()).toMatchObject({
    code: "api_token.scope_missing",
    error: "This API token lacks the scope ideas:write, which this request needs.",
  });

  // The list shows its last use; revoking it after confirming refuses the script's next call.
  await page.reload();
  await expect(section.getByRole("row", { name: /Ideas report/ })).not.toContainText("Never");
  await section.getByRole("button", { name: "Revoke Ideas report" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke Ideas report?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(section.getByText("Ideas report has been revoked.")).toBeVisible();
  await expect(section.getByText("No API tokens yet.")).toBeVisible();

  const refused = await script.get("/api/project-ideas/");
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: "auth.token_invalid" });
  await script.dispose();
});
