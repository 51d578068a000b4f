import type { Page } from "@playwright/test";
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage } from "../support/session.ts";

// The journeys run without the service worker (playwright.config.ts); these test it.
test.use({ serviceWorkers: "allow" });

const IDEAS_PAGE = "/app/employee-ideas";

/** Waits until the service worker controls the page (it registers after the page has loaded). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined);
}

/** The sets of answers the device keeps for people (IndexedDB, lib/offline-cache.ts), each as JSON. */
function keptAnswerSets(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open("ideaport-last-seen");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("answers")) return resolve([]);
          const all = db.transaction("answers").objectStore("answers").getAll();
          all.onsuccess = () => resolve(all.result.map((set: unknown) => JSON.stringify(set)));
        };
        open.onerror = () => resolve([]);
      }),
  );
}

/** The ideas of the person titled `title`, as the server has them. */
async function ideasTitled(session: ApiSession, title: string): Promise<number> {
  const answer = await session.get(`/api/project-ideas/?mine=true&q=${encodeURIComponent(title)}`);
  expect(answer.ok()).toBe(true);
  const { ideas } = (await answer.json()) as { ideas: Array<{ title: string }> };
  return ideas.filter((idea) => idea.title === title).length;
}

async function captureInBrainDump(page: Page, title: string): Promise<void> {
  const brainDump = page.getByRole("region", { name: "Brain dump" });
  await brainDump.getByRole("textbox", { name: "Your idea" }).fill(title);
  await brainDump.getByRole("button", { name: "Add a description" }).click();
  await brainDump
    .getByRole("textbox", { name: "Description" })
    .fill(`${title}: written where there is no network, sent when there is.`);
  await brainDump.getByRole("button", { name: "Submit" }).click();
  await expect(brainDump.getByRole("status").filter({ hasText: "No network" })).toHaveText(
    "No network: your idea is kept on this device and will be sent when you are back online.",
  );
}

function waitingIdeas(page: Page) {
  return page.getByRole("region", { name: "Ideas waiting to send" }).getByRole("listitem");
}

test("installable: the manifest with its icons, and the service worker controls the app", async ({ page }) => {
  const person = await newDemoEmployee("pwa-install", "Robin");
  await logInThroughPage(page, person.email, person.password, { remember: true });
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await page.request.get(href ?? "")).json()) as {
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({
    name: "Ideaport",
    short_name: "Ideaport",
    start_url: "/app",
    display: "standalone",
    theme_color: "#4361ee",
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/png");
  }
  await waitForServiceWorker(page);
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(worker).toMatch(/\/sw\.js$/);
});

test("offline: the last-seen page opens with its time, ideas wait on the device and are sent once, also after a closed tab", async ({
  context,
  page,
}) => {
  test.setTimeout(360_000);
  const person = await newDemoEmployee("pwa-offline", "Sam");
  const suffix = person.email.split("@")[0]?.slice(-6);
  const session = await ApiSession.signIn(person.email, person.password);
  const seenTitle = `Pallet labels in two languages ${suffix}`;
  await submitIdeaThroughApi(session, seenTitle);

  await logInThroughPage(page, person.email, person.password, { remember: true });
  await page.goto(IDEAS_PAGE);
  await waitForServiceWorker(page);
  // Opened once under the service worker, the page is kept; what it shows is kept a second later.
  await page.reload();
  const myIdea = page.getByRole("article", { name: seenTitle });
  await expect(myIdea.first()).toBeVisible();
  await expect.poll(async () => (await keptAnswerSets(page)).filter((set) => set.includes(seenTitle)).length).toBe(1);

  // The network goes: the notice names the time of what is shown.
  await context.setOffline(true);
  const notice = page.getByRole("status").filter({ hasText: /^Offline — showing what you saw at / });
  await expect(notice).toHaveText(
    /^Offline — showing what you saw at \d{1,2}:\d{2}(\s[AP]M)?New ideas, comments and votes are kept on this device and sent when you are back online\. Other changes need the connection\.$/,
  );

  // A reload without network opens the page from the device, showing what was seen.
  await page.reload();
  await expect(page.getByRole("article", { name: seenTitle }).first()).toBeVisible();
  await expect(notice).toBeVisible();
  await expectAccessible(page);

  // An idea captured offline waits on the device, also through a reload.
  const firstTitle = `Spare gloves by the loading bay ${suffix}`;
  await captureInBrainDump(page, firstTitle);
  await expect(waitingIdeas(page)).toHaveText([`${firstTitle}Waiting to send`]);
  await expectAccessible(page);
  await page.reload();
  await expect(waitingIdeas(page)).toHaveText([`${firstTitle}Waiting to send`]);
  expect(await ideasTitled(session, firstTitle)).toBe(0);

  // The network returns: it is sent, once.
  await context.setOffline(false);
  await expect(page.getByRole("region", { name: "Ideas waiting to send" })).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await expect.poll(() => ideasTitled(session, firstTitle)).toBe(1);

  // Another idea offline, and the tab is closed before the network returns.
  await context.setOffline(true);
  const secondTitle = `Night shift suggestion box ${suffix}`;
  await captureInBrainDump(page, secondTitle);
  await expect(waitingIdeas(page)).toHaveText([`${secondTitle}Waiting to send`]);
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(IDEAS_PAGE);
  await expect.poll(() => ideasTitled(session, secondTitle)).toBe(1);
  await expect(next.getByRole("region", { name: "Ideas waiting to send" })).toHaveCount(0);
  await expect(next.getByRole("article", { name: secondTitle }).first()).toBeVisible();
  expect(await ideasTitled(session, firstTitle)).toBe(1);

  // Signing out deletes what the device kept of the person.
  await next.getByRole("button", { name: person.displayName, exact: true }).click();
  await next.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
  await expect(next).toHaveURL(/\/login$/);
  await expect.poll(async () => (await keptAnswerSets(next)).length).toBe(0);
  await session.dispose();
});
