import type { Locator, Page } from "@playwright/test";
import { newDemoEmployee } from "../support/accounts.ts";
import { DEMO } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

// What a new person meets in their first visits: the brain dump, their profile, a news video, the
// analytics on a phone, and a connection that drops.

const OFFLINE_TEXT = "You are offline. Nothing can be loaded or saved until your connection is back.";
const NETWORK_ERROR = "Network error. Please check your internet connection.";

test("a new employee saves a draft from the brain dump, deletes it, and its Open link goes with it; logging out is in the user menu", async ({
  page,
}) => {
  test.setTimeout(270_000);
  const person = await newDemoEmployee("first-steps-draft", "Noor");
  const title = `Reusable crates for deliveries ${person.lastName}`;

  await logInThroughPage(page, person.email, person.password);
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  const brainDump = page.getByRole("region", { name: "Brain dump" });
  await brainDump.getByRole("textbox", { name: "Your idea" }).fill(title);
  await brainDump.getByRole("button", { name: "Save as draft" }).click();
  await expect(brainDump.getByText("Saved as a draft. You can finish it from your submissions.")).toBeVisible();
  const openLink = brainDump.getByRole("button", { name: `Open “${title}”` });
  await expect(openLink).toBeVisible();
  await expectAccessible(page);

  await openLink.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("button", { name: "Delete draft" })).toBeVisible();
  await dialog.getByRole("button", { name: "Delete draft" }).click();
  const confirm = dialog.getByRole("group", { name: "Delete draft" });
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete draft" }).click();
  await expect(dialog).toBeHidden();

  // The draft is gone, and so is everything in the box that pointed at it.
  await expect(brainDump.getByRole("button", { name: `Open “${title}”` })).toHaveCount(0);
  await expect(brainDump.getByText("Saved as a draft.")).toHaveCount(0);
  await expectAccessible(page);

  // The box says what it does: a title saves a draft, submitting needs a description.
  await expect(brainDump).toContainText(
    "A title is enough to save a draft. To submit, add a description: what problem it solves, and how.",
  );
  await expect(brainDump).not.toContainText("One line is enough");
  await expect(brainDump.getByRole("textbox", { name: "Your idea" })).toHaveAttribute(
    "placeholder",
    "e.g. “Reusable crates for deliveries”",
  );

  // The profile keeps the account's details; logging out is where it is for every role.
  await page.goto("/app/settings/profile");
  const account = page.getByRole("region", { name: "Account" });
  await expect(account.getByRole("textbox", { name: "Email" })).toHaveValue(person.email);
  await expect(page.getByRole("main").getByRole("button", { name: /log ?out/i })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: person.displayName }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** True for an address of a video host: YouTube, its stills and player, Vimeo and its stills. */
function isVideoHost(url: string): boolean {
  const host = new URL(url).hostname;
  return /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)$/.test(host);
}

test("a news video shows a poster drawn by the app: nothing is asked of a video host before Play", async ({ page }) => {
  const title = "Friday learning: Start with why";
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (isVideoHost(request.url())) videoRequests.push(request.url());
  });
  // The player answers from here: the test runs without the internet, and needs only its request.
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>Player</p>" }),
  );

  await logInThroughPage(page, DEMO.employee.email);
  await page.getByRole("navigation", { name: "Portals" }).getByRole("link", { name: "Company Portal" }).click();
  const news = page.getByRole("region", { name: "Company news" });
  const card = news.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(page.getByRole("region", { name: "Rewards" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  expect(videoRequests, "requests to a video host on the portal").toEqual([]);
  await expect(card.getByRole("img", { name: `YouTube video: ${title}` })).toBeVisible();
  await expect(card.locator("img")).toHaveCount(0);
  await expectAccessible(page);

  await card.getByRole("button", { name: title, exact: true }).click();
  const detail = page.getByRole("dialog", { name: title });
  const play = detail.getByRole("button", { name: `Play video: ${title}` });
  await expect(play).toBeVisible();
  await expect(detail.getByText("YouTube video", { exact: true })).toBeVisible();
  await expect(detail.locator("iframe")).toHaveCount(0);
  await expectAccessible(page);
  expect(videoRequests, "requests to a video host before Play").toEqual([]);

  await play.click();
  const player = detail.locator(`iframe[title="${title} (video)"]`);
  await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/u4ZoJKF_VuA");
  await expect(player.contentFrame().getByText("Player")).toBeVisible();
  expect(videoRequests).toEqual(["https://www.youtube-nocookie.com/embed/u4ZoJKF_VuA"]);
});

/** The names of a chart's bars, from the table that says the same as the chart. */
async function barNames(card: Locator): Promise<string[]> {
  const rows = await card.getByRole("table").getByRole("row").all();
  const names: string[] = [];
  for (const row of rows.slice(1)) names.push(((await row.getByRole("rowheader").textContent()) ?? "").trim());
  return names;
}

/** The labels the chart draws on its axes, each with its box on the screen. */
async function drawnLabels(card: Locator): Promise<{ text: string; box: DOMRect }[]> {
  return card
    .getByTestId("analytics-chart")
    .locator(".recharts-cartesian-axis-tick-value")
    .evaluateAll((texts) =>
      texts.map((text) => {
        // A long name is drawn on several lines, one <tspan> each.
        const lines = [...text.querySelectorAll("tspan")].map((line) => line.textContent ?? "");
        const words = lines.length > 0 ? lines.join(" ") : (text.textContent ?? "");
        return { text: words.replace(/\s+/g, " ").trim(), box: text.getBoundingClientRect().toJSON() };
      }),
    );
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

test("on a phone, every bar of every analytics chart is named, and each chart can still be read as a table", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughPage(page, DEMO.admin.email);
  await page.goto("/app/settings/company");
  // At the foot of the page, far below a phone's screen, the overview renders its figures and
  // charts only once scrolled near: the page above shows without waiting for them.
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  const overview = page.getByRole("region", { name: "Analytics overview" });
  await expect(overview).toHaveText(
    "Analytics overviewHow the ideas programme is doing: ideas, participation, review times, challenges, actions and points.",
  );
  await overview.scrollIntoViewIfNeeded();
  await expect(overview.getByRole("list", { name: "Key figures" })).toBeVisible();
  await expect(overview.getByTestId("analytics-chart").first()).toBeVisible();

  const participation = overview.getByRole("region", { name: "Participation" });
  expect(await barNames(participation)).toEqual(["Submitted an idea", "Commented", "Voted", "Any of these"]);

  const cards = await overview
    .getByRole("region")
    .filter({ has: page.getByTestId("analytics-chart") })
    .all();
  expect(cards.length).toBeGreaterThan(1);
  for (const card of cards) {
    const name = (await card.getByRole("heading").first().textContent()) ?? "";
    await card.scrollIntoViewIfNeeded();
    const labels = await drawnLabels(card);
    for (const bar of await barNames(card)) {
      const label = labels.find((drawn) => drawn.text === bar);
      expect(label, `the bar "${bar}" of "${name}" is named`).toBeDefined();
      // Named legibly: inside the window, clear of every other label.
      expect(label!.box.left, `"${bar}" of "${name}" starts inside the window`).toBeGreaterThanOrEqual(0);
      expect(label!.box.right, `"${bar}" of "${name}" ends inside the window`).toBeLessThanOrEqual(390);
      for (const other of labels) {
        if (other !== label)
          expect(overlaps(label!.box, other.box), `"${bar}" and "${other.text}" overlap`).toBe(false);
      }
    }
  }
  await expectAccessible(page);

  await participation.getByRole("button", { name: "Show as table: Participation" }).click();
  await expect(participation.getByTestId("analytics-chart")).toHaveCount(0);
  await expect(participation.getByRole("table", { name: "Participation" })).toBeVisible();
  expect(await barNames(participation)).toEqual(["Submitted an idea", "Commented", "Voted", "Any of these"]);
  await expectAccessible(page);
});

/** The offline notices on the page: there is one while offline, and none otherwise. */
function offlineNotices(page: Page): Locator {
  return page.getByText(OFFLINE_TEXT, { exact: true });
}

test("offline, one notice says so; an idea saved meanwhile waits on the device; back online the notice goes and the idea is sent", async ({
  page,
  context,
}) => {
  test.setTimeout(270_000);
  const person = await newDemoEmployee("first-steps-offline", "Ravi");
  const title = `Offline-proof idea ${person.lastName}`;

  // A public page first: the notice is there too.
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  await expect(offlineNotices(page)).toHaveCount(0);
  await context.setOffline(true);
  await expect(offlineNotices(page)).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(offlineNotices(page)).toHaveCount(0);

  await logInThroughPage(page, person.email, person.password);
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  const brainDump = page.getByRole("region", { name: "Brain dump" });
  await expect(brainDump.getByRole("button", { name: "Save as draft" })).toBeVisible();

  await context.setOffline(true);
  await expect(offlineNotices(page)).toHaveCount(1);
  await brainDump.getByRole("textbox", { name: "Your idea" }).fill(title);
  await brainDump.getByRole("button", { name: "Save as draft" }).click();
  await expect(brainDump.getByRole("status").filter({ hasText: "No network" })).toHaveText(
    "No network: your idea is kept on this device and will be sent when you are back online.",
  );
  const waiting = page.getByRole("region", { name: "Ideas waiting to send" }).getByRole("listitem");
  await expect(waiting).toHaveText([`${title}Waiting to send`]);
  await expect(offlineNotices(page)).toHaveCount(1);
  await expectAccessible(page);

  await context.setOffline(false);
  await expect(offlineNotices(page)).toHaveCount(0);
  await expect(waiting).toHaveCount(0);
  await expect(page.getByText(NETWORK_ERROR)).toHaveCount(0);

  // Dropping again shows one notice, not a second one beside the first.
  await context.setOffline(true);
  await expect(offlineNotices(page)).toHaveCount(1);
  await context.setOffline(false);
  await expect(offlineNotices(page)).toHaveCount(0);
});
