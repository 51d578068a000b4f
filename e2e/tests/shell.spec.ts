import type { Page } from "@playwright/test";
import { DEMO } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test.describe("security headers", () => {
  test("every page carries them", async ({ page }) => {
    const response = await page.goto("/app/employee-ideas");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("frame-src https://www.youtube.com");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=()");
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains; preload");
  });

  test("the app runs under the policy without violations", async ({ page, cspViolations }) => {
    await page.goto("/");
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await logInThroughPage(page, DEMO.employee.email);
    await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
    expect(cspViolations).toEqual([]);
  });
});

/** Signs in as `email` and expects `home`, then opens each path in turn and expects the address it lands on. */
async function logInAndExpectLandings(
  page: Page,
  email: string,
  home: RegExp,
  landings: Array<[path: string, landing: RegExp]>,
): Promise<void> {
  await logInThroughPage(page, email);
  await expect(page).toHaveURL(home);
  for (const [path, landing] of landings) {
    await page.goto(path);
    await expect(page).toHaveURL(landing);
  }
}

test.describe("routes, redirects and route access by role", () => {
  test("an unknown path shows Page Not Found with Go Back and Go Home", async ({ page }) => {
    await page.goto("/");
    await page.goto("/no/such/page");
    await expect(page.getByText("The page you requested could not be found.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a signed-out visitor is sent to /login and brought back after signing in", async ({ page }) => {
    await page.goto("/app/settings/profile");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await expectAccessible(page);
    await logInThroughPage(page, DEMO.employee.email);
    await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  });

  test("an employee lands on employee ideas and cannot open manager areas", async ({ page }) => {
    await logInAndExpectLandings(page, DEMO.employee.email, /\/app\/employee-ideas$/, [
      ["/app/manager-ideas", /\/app\/employee-ideas$/],
      ["/admin", /\/app\/employee-ideas$/],
      ["/app/settings/company", /\/app\/settings\/profile$/],
    ]);
  });

  test("a manager lands on manager ideas; /dashboard and /app lead there too", async ({ page }) => {
    await logInAndExpectLandings(page, DEMO.manager.email, /\/app\/manager-ideas$/, [
      ["/dashboard", /\/app\/manager-ideas$/],
      ["/app/employee-company", /\/app\/manager-ideas$/],
    ]);
  });

  test("the header shows portals, clock, bell and the user menu by role", async ({ page }) => {
    await logInThroughPage(page, DEMO.admin.email);
    await expect(page.getByRole("link", { name: "Ideas Portal" })).toHaveAttribute("href", "/app/manager-ideas");
    await expect(page.getByRole("link", { name: "Company Portal" })).toHaveAttribute("href", "/app/manager-company");
    await expect(page.getByRole("button", { name: /Notifications/ })).toBeVisible();
    const clock = page.locator("header time");
    const first = await clock.textContent();
    await expect.poll(async () => clock.textContent(), { timeout: 3000 }).not.toBe(first);
    await page.getByRole("button", { name: DEMO.admin.name }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText(DEMO.admin.email)).toBeVisible();
    await expect(menu.getByText("Administrator", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Profile Settings" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Company Settings" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Team Settings" })).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("multiple tabs: the app runs in one tab only", () => {
  test("a second tab is alerted and sent to /multiple-tabs-error", async ({ context }) => {
    const first = await context.newPage();
    await first.goto("/login");
    // Remembered, the session is in localStorage, so the second tab is signed in too.
    await logInThroughPage(first, DEMO.employee2.email, undefined, { remember: true });
    await expect(first).toHaveURL(/\/app\/employee-ideas$/);

    const second = await context.newPage();
    const alert = new Promise<string>((resolve) => {
      second.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      });
    });
    await second.goto("/app/employee-ideas");
    expect(await alert).toBe("This application is already open in another tab. Please use that tab to continue.");
    await expect(second).toHaveURL(/\/multiple-tabs-error$/);
    await expect(second.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(second);
    await expect(first).toHaveURL(/\/app\/employee-ideas$/);
  });
});
