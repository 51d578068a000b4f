/**
 * Profile Settings → Sessions and Your data: a person signed in on two computers sees both
 * devices, signs the other one out (whose next refresh is refused, so it lands on the login page)
 * and downloads their data, which holds their idea. On a phone's width, without page overflow.
 */
import { readFile } from "node:fs/promises";
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

const PHONE = { width: 390, height: 844 };
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

test.use({ viewport: PHONE });

test("two devices: the other is signed out from Sessions, and Download my data holds the idea", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const person = await newDemoEmployee("sessions", "Sasha");
  const author = await ApiSession.signIn(person.email, person.password);
  await author.post("/api/project-ideas/", {
    title: "Quiet room on every floor",
    description: "A place to think without the open-plan noise.",
  });
  await author.dispose();

  // The other computer: Firefox on Windows, in a browser of its own.
  const otherContext = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS, viewport: PHONE });
  try {
    const other = await otherContext.newPage();
    await logInThroughPage(other, person.email, person.password);

    await logInThroughPage(page, person.email, person.password);
    await page.goto("/app/settings/profile");
    const sessions = page.getByRole("region", { name: "Sessions" });
    const thisDevice = sessions.getByRole("listitem").filter({ hasText: "This device" });
    await expect(thisDevice).toHaveCount(1);
    await expect(thisDevice).toHaveAccessibleName("Chrome on Windows");
    await expect(thisDevice).toContainText(/Last active/);
    await expect(thisDevice.getByRole("button")).toHaveCount(0);
    const otherDevice = sessions.getByRole("listitem", { name: "Firefox on Windows" });
    await expect(otherDevice).toHaveCount(1);
    await expect(sessions.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    await otherDevice.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
    await expect(sessions.getByRole("status")).toHaveText("Firefox on Windows has been signed out.");
    await expect(sessions.getByRole("listitem", { name: "Firefox on Windows" })).toHaveCount(0);
    await expect(thisDevice).toHaveCount(1);

    // The other computer's next call needs a refresh, which is refused: it is signed out.
    await other.reload();
    await expect(other).toHaveURL(/\/login/);

    // This device goes on (it renewed its own access token), and downloads its person's data.
    const yourData = page.getByRole("region", { name: "Your data" });
    const download = page.waitForEvent("download");
    await yourData.getByRole("button", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ideaport-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await file.path(), "utf8")) as {
      profile: { email: string };
      ideas: { title: string; history: { to_status: string }[] }[];
      sessions: { browser: string | null }[];
    };
    expect(data.profile.email).toBe(person.email);
    expect(data.ideas.map((idea) => idea.title)).toEqual(["Quiet room on every floor"]);
    expect(data.ideas[0]!.history.length).toBeGreaterThan(0);
    expect(data.sessions.map((session) => session.browser)).not.toContain("Firefox");
    await expect(yourData.getByRole("status")).toHaveText("Your data has been downloaded.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
  } finally {
    await otherContext.close();
  }
});
