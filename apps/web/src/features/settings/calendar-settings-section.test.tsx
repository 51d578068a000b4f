import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import { calendarSettings, employee, refusal, renderSettings } from "./settings-fixtures.ts";

const ROTATE_ROUTE = "POST /api/calendar/feed/rotate/";
const NEW_URL = "http://localhost:8000/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics";

async function calendarSection() {
  const section = await screen.findByRole("region", { name: "Calendar" });
  await within(section).findByRole("textbox", { name: /Your calendar address/ });
  return section;
}

describe("Calendar (profile settings)", () => {
  it("shows the feed address read-only, with Copy and the subscribe links of the common apps", async () => {
    await renderSettings(employee, "/app/settings/profile");
    const section = await calendarSection();

    const address = within(section).getByRole("textbox", { name: /Your calendar address/ });
    expect(address).toHaveValue(calendarSettings.feed_url);
    expect(address).toHaveAttribute("readonly");
    expect(within(section).getByRole("button", { name: "Copy address" })).toBeInTheDocument();
    const webcal = "webcal://localhost:8000/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics";
    expect(within(section).getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
      "href",
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    );
    expect(within(section).getByRole("link", { name: "Add to Outlook" }).getAttribute("href")).toContain(
      `addfromweb?url=${encodeURIComponent(calendarSettings.feed_url)}`,
    );
    expect(within(section).getByRole("link", { name: "Add to Apple Calendar" })).toHaveAttribute("href", webcal);
    // Without a provider on the server, the section says why only the feed is offered.
    expect(section).toHaveTextContent("Connecting a calendar account is not set up on this server.");
    expect(within(section).queryByRole("button", { name: /Connect/ })).not.toBeInTheDocument();
  });

  it("resets the address after asking, and shows the new one", async () => {
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(ROTATE_ROUTE, json({ success: true, feed_url: NEW_URL })),
    );
    const section = await calendarSection();

    await userEvent.click(within(section).getByRole("button", { name: "Reset address" }));
    const confirm = within(section).getByRole("group", { name: "Reset address" });
    expect(confirm).toHaveTextContent(/stops working at once/);
    await userEvent.click(within(confirm).getByRole("button", { name: "Reset address" }));

    expect(await within(section).findByText(/has a new address/)).toBeInTheDocument();
    expect(within(section).getByRole("textbox", { name: /Your calendar address/ })).toHaveValue(NEW_URL);
    expect(fake.calls(ROTATE_ROUTE)).toHaveLength(1);
  });

  it("keeps the address and says why when the reset is refused", async () => {
    await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(ROTATE_ROUTE, refusal(429, "request.rate_limited", "Too many requests. Please try again later.")),
    );
    const section = await calendarSection();

    await userEvent.click(within(section).getByRole("button", { name: "Reset address" }));
    const confirm = within(section).getByRole("group", { name: "Reset address" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Reset address" }));

    expect(await within(section).findByRole("alert")).toHaveTextContent("Too many requests");
    expect(within(section).getByRole("textbox", { name: /Your calendar address/ })).toHaveValue(
      calendarSettings.feed_url,
    );
  });
});
