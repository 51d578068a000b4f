/**
 * The public pages arrive with their first screen in the HTML (apps/web/scripts/route-pages.ts):
 * the browser paints it before any script runs, and the app then adopts that markup (hydration)
 * instead of painting the page again. What the visitor saw first stays on screen as the same
 * elements, no hydration error occurs, and the page then works as the app. A signed-in page
 * arrives with its frame and heading, shown above the app until the app shows the page.
 */
import { STORAGE_KEYS } from "@ideaport/shared";
import type { Locator, Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitLogInForm } from "../support/session.ts";

/** Keeps the page's h1 as the HTML made it, before the app starts (main.tsx waits for a paint). */
async function rememberPrerenderedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading = document.querySelector("h1");
    });
  });
}

/** True when the h1 on screen is the element the HTML made: the app adopted it. */
function headingIsPrerendered(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const kept = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
    return kept !== null && kept === document.querySelector("h1");
  });
}

/**
 * Waits until the app has adopted the element (React keeps its props on the elements it owns): a
 * press on a prerendered button before that reaches no app, as on any page still loading.
 */
async function waitUntilAdopted(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
}

/** The layer a signed-in page's HTML paints above the app until the app shows the page (apps/web/src/lib/first-screen.ts). */
const FIRST_SCREEN = ".ip-first-screen";

/** The settings page's subtitle: the same for everyone, so the page's HTML carries it. */
const SETTINGS_SUBTITLE = "Manage your profile and, where you look after them, your team and your company.";

/** Holds the app's code back until the returned function is called: what shows meanwhile needs none of it. */
async function holdAppCode(page: Page): Promise<() => void> {
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    releaseCode = resolve;
  });
  await page.route(/\/assets\/app-core-[\w-]+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  return releaseCode;
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("prerendered public pages", () => {
  test("/login shows its form from the HTML; the app adopts it, opens a popup and signs in", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/login")).text();
    for (const text of ["Log in to Ideaport", "Remember me", "Forgot password?", "Log In"])
      expect(html).toContain(text);

    const errors = collectPageErrors(page);
    await rememberPrerenderedHeading(page);
    await page.goto("/login");
    // The popup opens only once the app runs: then the heading must still be the HTML's.
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("dialog", { name: "Reset Password" })).toBeVisible();
    expect(await headingIsPrerendered(page)).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await submitLogInForm(page, DEMO.employee.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
    expect(errors).toEqual([]);
  });

  test("Log In pressed before the app runs is held, then sent by the app with the Remember me tick: never by the browser", async ({
    page,
  }) => {
    // The app's start arrives late, as on a slow phone: the visitor is quicker.
    await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    const addresses: string[] = [];
    page.on("framenavigated", (frame) => addresses.push(frame.url()));
    await page.goto("/login");
    await submitLogInForm(page, DEMO.employee.email, DEMO_PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
    expect(addresses.filter((address) => address.includes("password"))).toEqual([]);
    // The tick given before the app ran counted: the session is kept beyond this tab.
    expect(await page.evaluate((key) => localStorage.getItem(key) !== null, STORAGE_KEYS.refreshToken)).toBe(true);
  });

  test("/login?signup=1 opens Sign Up over the adopted page", async ({ page }) => {
    const errors = collectPageErrors(page);
    await rememberPrerenderedHeading(page);
    await page.goto("/login?signup=1");
    await expect(page.getByRole("dialog", { name: "Sign Up" })).toBeVisible();
    expect(await headingIsPrerendered(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("/unsubscribe is adopted with a token (the button works) and without one (the link is refused)", async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await rememberPrerenderedHeading(page);
    await page.goto("/unsubscribe?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "Unsubscribe from e-mails" })).toBeVisible();
    const unsubscribe = page.getByRole("button", { name: "Unsubscribe" });
    await waitUntilAdopted(unsubscribe);
    await unsubscribe.click();
    await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
    expect(await headingIsPrerendered(page)).toBe(true);

    await page.goto("/unsubscribe");
    await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
    expect(await headingIsPrerendered(page)).toBe(true);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("a visitor with a stored session is sent on from /login, not shown the prerendered form", async ({ page }) => {
    await page.goto("/login");
    await submitLogInForm(page, DEMO.manager.email, DEMO_PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/app\/manager-ideas$/);

    const errors = collectPageErrors(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/app\/manager-ideas$/);
    expect(errors).toEqual([]);
  });
});

test.describe("signed-in pages", () => {
  test("show their frame and heading from the HTML, send their first data requests before the app's code, and show the page with those answers", async ({
    page,
  }) => {
    await page.goto("/login");
    await submitLogInForm(page, DEMO.manager.email, DEMO_PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/app\/manager-ideas$/);

    // The app's code is held back: what shows and what is asked meanwhile needs none of it.
    const releaseCode = await holdAppCode(page);
    const currentUserRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/users/current/") currentUserRequests.push(request.url());
    });
    const firstRequest = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/users/current/");
    await page.reload({ waitUntil: "commit" });
    await firstRequest;

    const firstScreen = page.locator(FIRST_SCREEN);
    await expect(firstScreen.locator("h1")).toHaveText("Manager Ideas");
    await expect(firstScreen.locator("p")).toHaveText(
      "Post challenges, review your team's ideas and follow approved ideas through to action.",
    );
    // Assistive technology hears the loading screen beneath, not the picture above it.
    await expect(page.getByRole("status")).toHaveText("Loading application...");

    releaseCode();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manager Ideas");
    await expect(firstScreen).toBeHidden();
    // The early request's answer was taken: the app did not ask again.
    expect(currentUserRequests).toHaveLength(1);
    await expectAccessible(page);
  });

  test("the settings page paints its title and subtitle from the HTML, the same words the app then shows", async ({
    page,
  }) => {
    await page.goto("/login");
    await submitLogInForm(page, DEMO.employee.email, DEMO_PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
    const releaseCode = await holdAppCode(page);
    await page.goto("/app/settings/profile", { waitUntil: "commit" });

    const firstScreen = page.locator(FIRST_SCREEN);
    await expect(firstScreen.locator("h1")).toHaveText("Settings");
    await expect(firstScreen.locator("p")).toHaveText(SETTINGS_SUBTITLE);

    releaseCode();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByRole("main").getByText(SETTINGS_SUBTITLE)).toBeVisible();
    await expect(firstScreen).toBeHidden();
    await expect(page.getByRole("tab")).toHaveText(["Profile"]);
  });
});
