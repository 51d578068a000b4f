import { readFile } from "node:fs/promises";
import {
  companyPasswordOf,
  createCompanyAdminThroughApi,
  createEmployeeThroughApi,
  newPerson,
} from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test("an admin finds the change they just made in the audit log, filters it, and downloads it as CSV, on a phone too", async ({
  page,
}) => {
  test.setTimeout(270_000);
  const admin = newPerson("audit-admin", "Ada");
  const employee = newPerson("audit-employee", "Eli");
  const companyName = `Audit ${admin.lastName}`;
  await createCompanyAdminThroughApi(admin, companyName);
  await createEmployeeThroughApi(
    employee,
    { name: companyName, password: companyPasswordOf(companyName) },
    "Operations",
  );

  // The admin makes the employee a manager in user management.
  await logInThroughPage(page, admin.email, admin.password);
  await page.goto("/app/settings/company");
  const users = page.getByRole("region", { name: "User management" });
  await users.getByRole("combobox", { name: `Role of ${employee.displayName}` }).selectOption({ label: "Manager" });
  await expect(users.getByRole("status")).toContainText(employee.displayName);

  // The audit log shows it: who, what, whom, and from which address.
  await page.getByRole("tab", { name: "Audit log" }).click();
  const log = page.getByRole("region", { name: "Audit log" });
  const table = log.getByRole("table", { name: "Audit log entries" });
  const change = table.getByRole("row", { name: /Role changed/ });
  await expect(change).toBeVisible();
  await expect(change).toContainText(admin.displayName);
  await expect(change).toContainText(employee.displayName);
  await expect(change).toContainText(/\d+\.\d+\.\d+\.\d+|:/);
  // Signing in through the page was recorded too.
  await expect(table.getByRole("row", { name: /Signed in/ }).first()).toBeVisible();
  await expectAccessible(page, '[role="tabpanel"]');

  // Filtered by action, then by person: only the role change, then only the admin's own entries.
  await log.getByRole("combobox", { name: "Action" }).selectOption({ label: "Role changed" });
  await expect(table.getByRole("row", { name: /Signed in/ })).toHaveCount(0);
  await expect(change).toBeVisible();
  // A person is found by typing part of their name: the server searches the company's people.
  const person = log.getByRole("combobox", { name: "Person" });
  const choosePerson = async (name: string) => {
    await person.fill(name.slice(0, 4));
    await page.getByRole("option", { name }).click();
    await expect(person).toHaveValue(name);
  };
  await choosePerson(employee.displayName);
  await expect(log.getByText("No entry matches these filters.")).toBeVisible();
  await expectAccessible(page, '[role="tabpanel"]');
  await choosePerson(admin.displayName);
  await expect(change).toBeVisible();

  // The CSV holds what the filters show, the header first.
  const download = page.waitForEvent("download");
  await log.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("audit-log.csv");
  const content = await readFile(await file.path(), "utf8");
  expect(content.startsWith("\uFEFF")).toBe(true);
  const lines = content.trim().split(/\r?\n/);
  expect(lines[0]).toBe("created_at,actor,actor_email,action,action_label,target_type,target,ip_address,details");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `,${admin.displayName},${admin.email},user.role_changed,Role changed,user,${employee.displayName},`,
  );

  // On a phone the table scrolls inside its own region; the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(change).toBeAttached();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(log.getByRole("region", { name: "Audit log table" })).toBeVisible();
  await expectAccessible(page, '[role="tabpanel"]');
});
