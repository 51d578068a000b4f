import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { employee, refusal, renderSettings, thisDevice } from "../../test/settings-fixtures.ts";

const SESSIONS_ROUTE = "GET /api/users/current/sessions/";
const phone = {
  id: "session-2",
  browser: "Safari",
  os: "iOS",
  ip_address: "198.51.100.23",
  last_active_at: "2025-03-09T18:30:00.000Z",
  is_current: false,
  sso_signed_in_at: null,
};
const unknownDevice = { ...phone, id: "session-3", browser: null, os: null, ip_address: null };

async function sessionsSection() {
  const section = await screen.findByRole("region", { name: "Sessions" });
  await within(section).findByRole("list");
  return section;
}

describe("Sessions (profile settings)", () => {
  it("lists each device with its browser, address and last activity, marking this one", async () => {
    await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice, phone, unknownDevice] })),
    );
    const section = await sessionsSection();

    const [current, other, unknown] = within(section).getAllByRole("listitem");
    expect(current).toHaveAccessibleName("Firefox on Windows");
    expect(current).toHaveTextContent("This device");
    expect(current).toHaveTextContent(/203\.0\.113\.7 · Last active Mar 10, 2025/);
    expect(within(current!).queryByRole("button")).not.toBeInTheDocument();
    expect(other).toHaveAccessibleName("Safari on iOS");
    expect(other).not.toHaveTextContent("This device");
    expect(within(other!).getByRole("button", { name: "Sign out Safari on iOS" })).toHaveTextContent("Sign out");
    expect(unknown).toHaveTextContent(/Unknown browser.*Unknown address · Last active/);
    expect(within(section).getByRole("button", { name: "Sign out everywhere" })).toBeInTheDocument();
  });

  it("signs another device out and shows the list without it", async () => {
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice, phone] })),
    );
    const section = await sessionsSection();
    fake.on("DELETE /api/users/current/sessions/session-2/", json({ success: true }));
    fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice] }));

    await userEvent.click(within(section).getByRole("button", { name: "Sign out Safari on iOS" }));

    expect(await within(section).findByText("Safari on iOS has been signed out.")).toBeInTheDocument();
    expect(await within(section).findByText("You are signed in on this device only.")).toBeInTheDocument();
    expect(within(section).getAllByRole("listitem")).toHaveLength(1);
    expect(fake.calls("DELETE /api/users/current/sessions/session-2/")).toHaveLength(1);
  });

  it("says why when signing a device out is refused, and keeps it listed", async () => {
    await renderSettings(employee, "/app/settings/profile", (fake) => {
      fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice, phone] }));
      fake.on(
        "DELETE /api/users/current/sessions/session-2/",
        refusal(404, "session.not_found", "That session does not exist or has already ended."),
      );
    });
    const section = await sessionsSection();

    await userEvent.click(within(section).getByRole("button", { name: "Sign out Safari on iOS" }));

    expect(await within(section).findByRole("alert")).toHaveTextContent("That session does not exist");
    expect(within(section).getByRole("listitem", { name: "Safari on iOS" })).toBeInTheDocument();
  });

  it("signs out everywhere else after asking, and says how many devices", async () => {
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice, phone, unknownDevice] })),
    );
    const section = await sessionsSection();
    fake.on("DELETE /api/users/current/sessions/", json({ success: true, signed_out: 2 }));
    fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice] }));

    await userEvent.click(within(section).getByRole("button", { name: "Sign out everywhere" }));
    const confirm = within(section).getByRole("group", { name: "Sign out everywhere" });
    expect(confirm).toHaveTextContent("You stay signed in here.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Sign out everywhere" }));

    expect(await within(section).findByText("2 other devices have been signed out.")).toBeInTheDocument();
    expect(await within(section).findByText("You are signed in on this device only.")).toBeInTheDocument();
    expect(fake.calls("DELETE /api/users/current/sessions/")).toHaveLength(1);
  });

  it("offers no Sign out everywhere when this is the only device", async () => {
    await renderSettings(employee, "/app/settings/profile");
    const section = await sessionsSection();

    expect(within(section).getByText("You are signed in on this device only.")).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Sign out everywhere" })).not.toBeInTheDocument();
  });

  it("speaks German", async () => {
    await renderInGerman(employee, "/app/settings/profile", (fake) =>
      fake.on(SESSIONS_ROUTE, json({ success: true, sessions: [thisDevice, phone] })),
    );
    const section = await screen.findByRole("region", { name: "Sitzungen" });

    expect(await within(section).findByRole("button", { name: "Safari unter iOS abmelden" })).toBeInTheDocument();
    expect(within(section).getByText("Dieses Gerät")).toBeInTheDocument();
  });
});
