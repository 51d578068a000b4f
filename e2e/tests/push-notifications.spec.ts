/**
 * Push notifications in Chromium. Profile Settings asks the browser's permission only when the
 * person turns push on. Chromium here has no push service to subscribe with (headless, offline:
 * `pushManager.subscribe` is refused), so the journey sees the section say so and stay off; the
 * subscription API and real delivery (VAPID, aes128gcm, 404/410) are tested against a push service
 * of the server tests' own (apps/server/src/modules/push/push.routes.test.ts). The service worker's
 * push handler is driven as DevTools' "Push" button does (CDP `ServiceWorker.deliverPushMessage`):
 * it shows the sentence under the app's name, leading to the object's page.
 */
import type { CDPSession, Page } from "@playwright/test";
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

// These journeys need the app's service worker, which the rest of the suite blocks.
test.use({ serviceWorkers: "allow" });

/** Counts the page's calls to Notification.requestPermission (the browser's own prompt is kept). */
async function countPermissionRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = Notification.requestPermission.bind(Notification);
    (window as unknown as { permissionRequests: number }).permissionRequests = 0;
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      (window as unknown as { permissionRequests: number }).permissionRequests += 1;
      return original(...args);
    };
  });
}

function permissionRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { permissionRequests: number }).permissionRequests);
}

/** Waits for the app's service worker to be active, and answers its registration id for CDP. */
async function activeWorker(page: Page, cdp: CDPSession): Promise<string> {
  let registrationId: string | undefined;
  cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    const active = versions.find(
      (version: { status: string; runningStatus: string }) => version.status === "activated",
    );
    if (active) registrationId = active.registrationId;
  });
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => registrationId, { timeout: 30_000 }).toBeTruthy();
  return registrationId!;
}

test("Profile Settings asks for the permission only when push is turned on, and says when the browser cannot subscribe", async ({
  page,
  context,
}) => {
  const person = await newDemoEmployee("push", "Pia");
  await countPermissionRequests(page);
  await logInThroughPage(page, person.email, person.password);
  await page.goto("/app/settings/profile");

  const section = page.getByRole("region", { name: "Push notifications" });
  await expect(section).toContainText(
    "Get a notification on this device, even while Ideaport is closed. Your browser asks for your permission when you turn it on. Each of your devices is set on its own.",
  );
  const toggle = section.getByRole("switch", { name: "Push notifications on this device" });
  await expect(toggle).not.toBeChecked();
  await expect(section.getByRole("checkbox")).toHaveCount(0);
  expect(await permissionRequests(page)).toBe(0);
  await expectAccessible(page);

  await context.grantPermissions(["notifications"]);
  await toggle.click();
  // The click asks the browser for the permission asynchronously: wait for the request, then exactly one.
  await expect.poll(() => permissionRequests(page)).toBe(1);
  await expect(section.getByRole("alert")).toHaveText(
    "This browser could not subscribe to push notifications just now. Please try again.",
  );
  await expect(toggle).not.toBeChecked();
  await expect(section.getByRole("checkbox")).toHaveCount(0);
  await expectAccessible(page);
});

test("the service worker shows a push message's sentence under the app's name, leading to the idea", async ({
  page,
  context,
}) => {
  const person = await newDemoEmployee("push-worker", "Wanda");
  const api = await ApiSession.signIn(person.email, person.password);
  const { idea } = await api.post<{ idea: { id: string } }>("/api/project-ideas/", {
    title: "Bike racks by the entrance",
    description: "Room for twenty bikes, covered.",
  });
  await api.dispose();
  await context.grantPermissions(["notifications"]);
  await logInThroughPage(page, person.email, person.password);

  const cdp = await context.newCDPSession(page);
  const registrationId = await activeWorker(page, cdp);
  const origin = new URL(page.url()).origin;
  const sentence = 'Mona Manager approved your idea "Bike racks by the entrance".';
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId,
    data: JSON.stringify({ body: sentence, url: `/app/employee-ideas?idea=${idea.id}`, tag: "notification-1" }),
  });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        url: (notification.data as { url: string }).url,
      }));
    });
  await expect
    .poll(shown)
    .toEqual([
      { title: "Ideaport", body: sentence, tag: "notification-1", url: `${origin}/app/employee-ideas?idea=${idea.id}` },
    ]);

  // A message leading off the app's origin opens the app instead; the same tag replaces the first.
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId,
    data: JSON.stringify({ body: "Elsewhere", url: "https://example.com/phish", tag: "notification-1" }),
  });
  await expect
    .poll(shown)
    .toEqual([{ title: "Ideaport", body: "Elsewhere", tag: "notification-1", url: `${origin}/app` }]);
});
