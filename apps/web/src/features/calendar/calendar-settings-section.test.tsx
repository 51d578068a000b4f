import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { calendarSettings, employee, refusal, renderSettings } from "../../test/settings-fixtures.ts";

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
    // Without a provider on the server, the section says why only the feed is offered, pointing
    // at the address where it is: above the note.
    const note = within(section).getByText(/^Connecting a calendar account is not set up on this server/);
    expect(note).toHaveTextContent("your calendar app can subscribe to the address above instead.");
    expect(address.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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

describe("Calendar account (profile settings, with a provider)", () => {
  const withProvider = (status: "not_connected" | "connected" | "needs_reconnecting") => ({
    ...calendarSettings,
    connection: {
      available: true,
      unavailable_reason: null,
      status,
      provider_name: "Test Calendar",
      connected_at: null,
    },
  });

  it("offers Connect and goes to the provider's page, coming back to this page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/app/settings/profile", search: "" });
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) => {
      fake.on("GET /api/calendar/", json(withProvider("not_connected")));
      fake.on(
        "POST /api/calendar/connection/start/",
        json({ success: true, authorization_url: "https://id.example/auth?x=1" }),
      );
    });
    const section = await calendarSection();
    await userEvent.click(within(section).getByRole("button", { name: "Connect Test Calendar" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://id.example/auth?x=1"));
    expect(fake.calls("POST /api/calendar/connection/start/")[0]?.body).toEqual({ return_to: "/app/settings/profile" });
    vi.unstubAllGlobals();
  });

  it("shows a connected account with Disconnect, which deletes it", async () => {
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) => {
      fake.on("GET /api/calendar/", json(withProvider("connected")));
      fake.on(
        "DELETE /api/calendar/connection/",
        json({ success: true, connection: withProvider("not_connected").connection }),
      );
    });
    const section = await calendarSection();
    expect(section).toHaveTextContent("Your calendar is connected to Test Calendar.");
    await userEvent.click(within(section).getByRole("button", { name: "Disconnect" }));
    expect(await within(section).findByText(/is disconnected/)).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Connect Test Calendar" })).toBeInTheDocument();
    expect(fake.calls("DELETE /api/calendar/connection/")).toHaveLength(1);
  });

  it("says when the account needs reconnecting, and offers Reconnect", async () => {
    await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on("GET /api/calendar/", json(withProvider("needs_reconnecting"))),
    );
    const section = await calendarSection();
    expect(section).toHaveTextContent("Test Calendar no longer accepts Ideaport's access to your calendar.");
    expect(within(section).getByRole("button", { name: "Reconnect Test Calendar" })).toBeInTheDocument();
  });
});

describe("Calendar (profile settings) in German", () => {
  it("offers the address, its copy, the subscribe links and the reset in German", async () => {
    await renderInGerman(employee, "/app/settings/profile");
    const section = await screen.findByRole("region", { name: "Kalender" }, { timeout: 8000 });

    expect(await within(section).findByRole("textbox", { name: /^Deine Kalender-Adresse/ })).toHaveValue(
      calendarSettings.feed_url,
    );
    expect(within(section).getByRole("button", { name: "Adresse kopieren" })).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Zu Google Kalender hinzufügen" })).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Adresse zurücksetzen" })).toBeInTheDocument();
  });
});
