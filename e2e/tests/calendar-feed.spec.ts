/**
 * The calendar feed: a person copies their secret calendar address from Profile Settings, and a
 * calendar app reading it gets a valid iCalendar document; resetting the address turns the old one off.
 */
import ICAL from "ical.js";
import { newDemoEmployee } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

test("a person copies their calendar address from settings, and it answers a valid calendar", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const person = await newDemoEmployee("calendar-feed", "Noor");
  await logInThroughPage(page, person.email, person.password);

  await page.goto("/app/settings/profile");
  const section = page.getByRole("region", { name: "Calendar" });
  const address = section.getByRole("textbox", { name: /Your calendar address/ });
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await section.getByRole("button", { name: "Copy address" }).click();
  await expect(section.getByRole("button", { name: "Address copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await address.inputValue());
  await expect(section.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
    "href",
    /^https:\/\/calendar\.google\.com\/calendar\/r\?cid=webcal/,
  );
  await expectAccessible(page);

  // What a calendar app receives, without any session.
  const feed = await page.request.get(copied, { headers: { authorization: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  for (const event of calendar.getAllSubcomponents("vevent")) expect(event.getFirstPropertyValue("uid")).toBeTruthy();

  // Reset address: the old one stops working at once.
  await section.getByRole("button", { name: "Reset address" }).click();
  await section.getByRole("group", { name: "Reset address" }).getByRole("button", { name: "Reset address" }).click();
  await expect(section.getByRole("status").filter({ hasText: "has a new address" })).toBeVisible();
  await expect(address).not.toHaveValue(copied);
  expect((await page.request.get(copied)).status()).toBe(404);
  expect((await page.request.get(await address.inputValue())).status()).toBe(200);
});
