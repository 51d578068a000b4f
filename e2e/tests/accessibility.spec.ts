import { ROUTES, type RoleSubject, redirectForAppPath, SETTINGS_TYPES, settingsPath } from "@ideaport/shared";
import type { Page } from "@playwright/test";
import { DEMO } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { scrollToFoot, waitForQuietNetwork, watchRequests } from "../support/quiet-network.ts";
import { logInThroughPage, openNotifications } from "../support/session.ts";

/** A desktop screen and a phone held upright: every page must work on both. */
const VIEWPORTS = [
  { label: "desktop", size: { width: 1280, height: 800 } },
  { label: "390 px phone", size: { width: 390, height: 844 } },
] as const;

const ROLES: Array<{ label: string; person: { email: string; name: string }; subject: RoleSubject }> = [
  { label: "employee", person: DEMO.employee, subject: { role: "employee", is_admin: false } },
  { label: "manager", person: DEMO.manager, subject: { role: "manager", is_admin: false } },
  { label: "admin", person: DEMO.admin, subject: { role: "manager", is_admin: true } },
];

/** Stands in for the token of a mailed link: the page shows that the link no longer works. */
const UNKNOWN_TOKEN = "e2e-unknown-token";
const UNKNOWN_PATH = "/no/such/page";

/** Every /app page `user` may open, read from the app's routes and route-access rules, so new pages are covered. */
function appPagesFor(user: RoleSubject): string[] {
  return Object.values(ROUTES)
    .filter((route) => route.startsWith(`${ROUTES.app}/`))
    .flatMap((route) => (route === ROUTES.settingsType ? SETTINGS_TYPES.map(settingsPath) : [route]))
    .filter((path) => !path.includes(":") && redirectForAppPath(user, path) === null);
}

/** Every page outside /app, mailed-link pages with a token that does not exist, and a path that does not exist. */
function publicPages(): string[] {
  const pages = Object.values(ROUTES)
    .filter((route) => route !== ROUTES.app && !route.startsWith(`${ROUTES.app}/`))
    .map((route) => route.replace(/:[a-z]+/gi, UNKNOWN_TOKEN));
  return [...pages, UNKNOWN_PATH];
}

/**
 * Waits until the page has loaded its data: no request in flight and no loading status left, also
 * of the parts at its foot that render only once scrolled near, which a reader scrolls to.
 */
async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await waitForQuietNetwork(page);
  await scrollToFoot(page);
  await expect(page.getByRole("status").filter({ hasText: /^(Loading|Authenticating)/ })).toHaveCount(0);
}

/** Nothing is cut off at the page's right edge: wide content scrolls inside its own region. */
async function expectNoSidewaysPageScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(0);
}

async function checkPage(page: Page, path: string): Promise<void> {
  watchRequests(page);
  await test.step(path, async () => {
    await page.goto(path);
    await waitUntilSettled(page);
    await expectAccessible(page);
    await expectNoSidewaysPageScroll(page);
  });
}

test.describe.configure({ mode: "parallel" });

for (const viewport of VIEWPORTS) {
  test.describe(`every page on a ${viewport.label}, with axe and the Content-Security-Policy watched`, () => {
    test.use({ viewport: viewport.size });

    test("a signed-out visitor's pages", async ({ page }) => {
      test.setTimeout(270_000);
      for (const path of publicPages()) await checkPage(page, path);
    });

    for (const role of ROLES) {
      test(`every page the ${role.label} may open, the notifications panel and the user menu`, async ({ page }) => {
        test.setTimeout(270_000);
        await logInThroughPage(page, role.person.email);
        const pages = appPagesFor(role.subject);
        expect(pages.length).toBeGreaterThan(0);
        for (const path of pages) {
          await checkPage(page, path);
          // The page is the one asked for: a page the role may open is never redirected.
          await expect(page).toHaveURL(new RegExp(`${path}$`));
        }
        const notifications = await openNotifications(page);
        await expectAccessible(page);
        await page.keyboard.press("Escape");
        await expect(notifications).toBeHidden();
        await page.getByRole("button", { name: role.person.name, exact: true }).click();
        await expect(page.getByRole("menu")).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
}
