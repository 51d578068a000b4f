import type { Notification, User } from "@ideaport/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, renderWithTheme, signInAs } from "../../test/render-app.tsx";
import { HeaderClock } from "./header-clock.tsx";

const employee = buildUser({ id: "employee-1", display_name: "Jane Doe", email: "jane@example.com" });
const manager = buildUser({ id: "manager-1", role: "manager", display_name: "Sam Manager", email: "sam@example.com" });
const admin = buildUser({
  id: "admin-1",
  role: "manager",
  is_admin: true,
  display_name: "Alex Admin",
  email: "alex@example.com",
});

async function renderHeaderFor(user: User, path: string, notifications: Notification[] = [], points = 0) {
  const fake = createFakeApi();
  signInAs(user, fake, { notifications, points });
  const app = renderApp(path, fake);
  await screen.findByRole("heading", { level: 1 });
  return app;
}

async function openUserMenu(displayName: string) {
  await userEvent.click(screen.getByRole("button", { name: displayName }));
  return screen.findByRole("menu");
}

describe("header user menu", () => {
  it("shows an employee's name, e-mail, role label and only Profile Settings", async () => {
    await renderHeaderFor(employee, "/app/employee-ideas");

    const menu = await openUserMenu("Jane Doe");

    expect(within(menu).getByText("jane@example.com")).toBeInTheDocument();
    expect(within(menu).getByText("Employee")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Profile Settings" })).toHaveAttribute(
      "href",
      "/app/settings/profile",
    );
    expect(within(menu).queryByRole("menuitem", { name: "Team Settings" })).not.toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: "Company Settings" })).not.toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Logout" })).toBeInTheDocument();
  });

  it("adds Team Settings for a manager", async () => {
    await renderHeaderFor(manager, "/app/manager-ideas");

    const menu = await openUserMenu("Sam Manager");

    expect(within(menu).getByText("Manager")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Team Settings" })).toHaveAttribute("href", "/app/settings/team");
    expect(within(menu).queryByRole("menuitem", { name: "Company Settings" })).not.toBeInTheDocument();
  });

  it("adds Company Settings for an administrator and labels them Administrator", async () => {
    await renderHeaderFor(admin, "/app/manager-ideas");

    const menu = await openUserMenu("Alex Admin");

    expect(within(menu).getByText("Administrator")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Team Settings" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Company Settings" })).toHaveAttribute(
      "href",
      "/app/settings/company",
    );
  });

  it("is named by the person's name alone and, opened from the keyboard, focuses its first item", async () => {
    await renderHeaderFor(employee, "/app/employee-ideas");
    const button = screen.getByRole("button", { name: "Jane Doe" });
    expect(button).not.toHaveTextContent("JD");

    button.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Profile Settings" })).toHaveFocus());
  });

  it("marks the user menu as the settings navigation for the tours", async () => {
    await renderHeaderFor(employee, "/app/employee-ideas");

    expect(screen.getByRole("button", { name: "Jane Doe" })).toHaveAttribute("data-tour", "settings-nav");
  });
});

describe("header portal links", () => {
  it("points an employee at the employee areas", async () => {
    await renderHeaderFor(employee, "/app/employee-ideas");
    const nav = screen.getByRole("navigation", { name: "Portals" });

    expect(within(nav).getByRole("link", { name: "Ideas Portal" })).toHaveAttribute("href", "/app/employee-ideas");
    expect(within(nav).getByRole("link", { name: "Company Portal" })).toHaveAttribute("href", "/app/employee-company");
    expect(within(nav).getByRole("link", { name: "Ideas Portal" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Ideaport" })).toHaveAttribute("href", "/app/employee-ideas");
  });

  it("points a manager at the manager areas", async () => {
    await renderHeaderFor(manager, "/app/manager-company");
    const nav = screen.getByRole("navigation", { name: "Portals" });

    expect(within(nav).getByRole("link", { name: "Ideas Portal" })).toHaveAttribute("href", "/app/manager-ideas");
    expect(within(nav).getByRole("link", { name: "Company Portal" })).toHaveAttribute("href", "/app/manager-company");
  });

  it("moves between portals", async () => {
    const { router } = await renderHeaderFor(employee, "/app/employee-ideas");

    await userEvent.click(screen.getByRole("link", { name: "Company Portal" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/app/employee-company"));
  });
});

describe("header points balance", () => {
  it("links an employee's balance to their Company Portal", async () => {
    const { router, fake } = await renderHeaderFor(employee, "/app/employee-ideas", [], 120);

    const link = await screen.findByRole("link", { name: "Your points: 120 points" });
    expect(link).toHaveTextContent(/^120 points$/);
    expect(link).toHaveAttribute("href", "/app/employee-company");
    expect(fake.calls("GET /api/points/me/")).toHaveLength(1);

    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/employee-company"));
  });

  it("links a manager's balance to the manager Company Portal, one point in the singular", async () => {
    await renderHeaderFor(manager, "/app/manager-ideas", [], 1);

    const link = await screen.findByRole("link", { name: "Your points: 1 point" });
    expect(link).toHaveTextContent(/^1 point$/);
    expect(link).toHaveAttribute("href", "/app/manager-company");
  });

  it("repeats the balance in the user menu, for screens too narrow for it in the header", async () => {
    await renderHeaderFor(employee, "/app/employee-ideas", [], 35);
    await screen.findByRole("link", { name: "Your points: 35 points" });

    const menu = await openUserMenu("Jane Doe");

    expect(within(menu).getByText("Your points: 35 points")).toBeInTheDocument();
  });

  it("shows no balance until it has loaded, and none when it cannot be loaded", async () => {
    const fake = createFakeApi();
    signInAs(employee, fake);
    fake.on("GET /api/points/me/", json({ success: false, error: "Not allowed." }, { status: 403 }));
    renderApp("/app/employee-ideas", fake);
    await screen.findByRole("heading", { level: 1 });

    await waitFor(() => expect(fake.calls("GET /api/points/me/")).toHaveLength(1));
    expect(screen.queryByRole("link", { name: /^Your points/ })).not.toBeInTheDocument();
  });
});

describe("header clock", () => {
  it("ticks every second", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(new Date(2025, 2, 14, 9, 30, 0));
    const { container } = renderWithTheme(<HeaderClock />);
    const clock = container.querySelector("time");
    const first = clock?.textContent;
    expect(clock).toHaveAttribute("aria-live", "off");

    act(() => vi.advanceTimersByTime(1000));

    expect(clock?.textContent).not.toBe(first);
    expect(clock).toHaveAttribute("datetime", new Date(2025, 2, 14, 9, 30, 1).toISOString());
  });
});

describe("the header in German", () => {
  it("names the portals, the bell and the user menu's entries in German", async () => {
    await setLanguage("de");
    await renderHeaderFor({ ...admin, language: "de", effective_language: "de" }, "/app/manager-ideas");

    const portals = screen.getByRole("navigation", { name: "Portale" });
    expect(within(portals).getByRole("link", { name: "Ideenportal" })).toHaveAttribute("aria-current", "page");
    expect(within(portals).getByRole("link", { name: "Unternehmensportal" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zum Hauptinhalt springen" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Benachrichtigungen" })).toBeVisible();

    const menu = await openUserMenu("Alex Admin");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(
      expect.arrayContaining(["Profileinstellungen", "Teameinstellungen", "Unternehmenseinstellungen", "Abmelden"]),
    );
  });
});
