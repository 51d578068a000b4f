import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
import {
  admin,
  buildTeam,
  calendarSettings,
  employee,
  everyEmail,
  manager,
  renderSettings,
} from "../../test/settings-fixtures.ts";

/** The subtitle reads the same for everyone: the tabs show the areas a person may open. */
const SUBTITLE = "Manage your profile and, where you look after them, your team and your company.";

function tabNames() {
  const list = screen.getByRole("tablist", { name: "Settings areas" });
  return within(list)
    .getAllByRole("tab")
    .map((tab) => tab.textContent);
}

describe("settings tabs by role", () => {
  it("shows an employee only the Profile tab", async () => {
    await renderSettings(employee, "/app/settings");

    expect(tabNames()).toEqual(["Profile"]);
    expect(screen.getByText(SUBTITLE)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { level: 2, name: "Profile settings" })).toBeInTheDocument();
  });

  it("shows a manager Profile and Team", async () => {
    await renderSettings(manager, "/app/settings/profile");

    expect(tabNames()).toEqual(["Profile", "Team"]);
    expect(screen.getByText(SUBTITLE)).toBeInTheDocument();
  });

  it("shows an admin Profile, Team and Company, the Company tab marked for the tour", async () => {
    await renderSettings(admin, "/app/settings/profile");

    expect(tabNames()).toEqual(["Profile", "Team", "Company"]);
    expect(screen.getByText(SUBTITLE)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Company" })).toHaveAttribute("data-tour", "company-settings-tab");
  });

  it("sends a manager who opens company settings back to the profile", async () => {
    const { router } = await renderSettings(manager, "/app/settings/company");

    await waitFor(() => expect(router.state.location.pathname).toBe("/app/settings/profile"));
    expect(screen.queryByRole("tab", { name: "Company" })).not.toBeInTheDocument();
  });

  it("moves between areas with the tabs", async () => {
    const { router } = await renderSettings(manager, "/app/settings/profile", (fake) =>
      fake.on("GET /api/teams/", json({ success: true, teams: [] })),
    );

    await userEvent.click(screen.getByRole("tab", { name: "Team" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/app/settings/team"));
    expect(await screen.findByRole("heading", { level: 2, name: "Team settings" })).toBeInTheDocument();
  });

  it("opens company settings for an admin", async () => {
    await renderSettings(admin, "/app/settings/company", (fake) => {
      fake.on("GET /api/teams/", json({ success: true, teams: [buildTeam()] }));
      fake.on(
        "GET /api/company/",
        json({ success: true, company: { id: "company-1", name: "Acme", member_count: 2, teams: [buildTeam()] } }),
      );
      fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
    });

    expect(await screen.findByRole("heading", { level: 2, name: "Company settings" })).toBeInTheDocument();
  });
});

describe("settings in German", () => {
  it("names an administrator's areas and the profile's sections in German", async () => {
    const german = { ...admin, language: "de" as const, effective_language: "de" as const };
    const fake = createFakeApi();
    signInAs(german, fake);
    fake.on("GET /api/email-preferences/", json({ preferences: everyEmail }));
    fake.on("GET /api/calendar/", json(calendarSettings));
    await setLanguage("de");
    renderApp("/app/settings/profile", fake);

    expect(await screen.findByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Einstellungen · Ideaport"));
    const list = screen.getByRole("tablist", { name: "Einstellungsbereiche" });
    expect(
      within(list)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Profil", "Team", "Unternehmen"]);
    expect(
      screen.getByText("Verwalte dein Profil und, wo du dich darum kümmerst, dein Team und dein Unternehmen."),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "Profileinstellungen" })).toBeVisible();

    const account = await screen.findByRole("region", { name: "Konto" });
    expect(within(account).getByRole("textbox", { name: "E-Mail" })).toHaveValue("alex@example.com");
    const name = screen.getByRole("region", { name: "Dein Name" });
    expect(within(name).getByRole("textbox", { name: "Anzeigename" })).toBeVisible();
    expect(within(name).getByRole("button", { name: "Profil speichern" })).toBeVisible();
    const password = screen.getByRole("region", { name: "Passwort ändern" });
    expect(within(password).getByLabelText(/^Aktuelles Passwort/, { selector: "input" })).toBeVisible();
    expect(within(password).getAllByRole("button", { name: "Passwörter anzeigen" })).toHaveLength(3);
    expect(within(password).getByRole("button", { name: "Passwort ändern" })).toBeVisible();
  });
});
