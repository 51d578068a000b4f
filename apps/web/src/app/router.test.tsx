import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { buildManager, buildUser } from "../test/factories.ts";
import { createFakeApi, json } from "../test/fake-api.ts";
import { renderApp, signInAs } from "../test/render-app.tsx";

const employee = buildUser({ id: "employee-1", role: "employee" });
const manager = buildManager();
const adminEmployee = buildUser({ id: "admin-1", role: "employee", is_admin: true, display_name: "Alex Admin" });

async function expectPageHeading(name: string) {
  expect(await screen.findByRole("heading", { level: 1, name })).toBeInTheDocument();
}

describe("route guard", () => {
  it.each([
    {
      name: "sends an employee visiting /app/manager-ideas to /app/employee-ideas",
      user: employee,
      path: "/app/manager-ideas",
      heading: "Employee Ideas",
      landsAt: "/app/employee-ideas",
    },
    {
      name: "sends a manager at /app on to /app/manager-ideas",
      user: manager,
      path: "/app",
      heading: "Manager Ideas",
      landsAt: "/app/manager-ideas",
    },
    {
      name: "treats an administrator as manager-level",
      user: adminEmployee,
      path: "/app/employee-company",
      heading: "Manager Ideas",
      landsAt: "/app/manager-ideas",
    },
    {
      name: "sends an unknown /app path to the user's own area",
      user: manager,
      path: "/app/something-else",
      heading: "Manager Ideas",
      landsAt: "/app/manager-ideas",
    },
    {
      name: "redirects /dashboard to /app/employee-ideas",
      user: employee,
      path: "/dashboard",
      heading: "Employee Ideas",
      landsAt: "/app/employee-ideas",
    },
    {
      name: "redirects /admin to /app/manager-ideas",
      user: manager,
      path: "/admin",
      heading: "Manager Ideas",
      landsAt: "/app/manager-ideas",
    },
  ])("$name", async ({ user, path, heading, landsAt }) => {
    const fake = createFakeApi();
    signInAs(user, fake);
    const { router } = renderApp(path, fake);

    await expectPageHeading(heading);
    expect(router.state.location.pathname).toBe(landsAt);
  });

  it("lets an employee open profile settings but not company settings", async () => {
    const fake = createFakeApi();
    signInAs(employee, fake);
    const { router } = renderApp("/app/settings/company", fake);

    await expectPageHeading("Settings");
    expect(router.state.location.pathname).toBe("/app/settings/profile");
    expect(screen.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("tab", { name: "Company" })).not.toBeInTheDocument();
  });

  it("shows team and company tabs to an administrator who manages a team", async () => {
    const fake = createFakeApi();
    signInAs(buildUser({ ...manager, is_admin: true }), fake);
    renderApp("/app/settings/company", fake);

    expect(await screen.findByRole("tab", { name: "Company" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Team" })).toBeInTheDocument();
  });

  it("shows 'Authenticating...' while the current user loads", async () => {
    const fake = createFakeApi();
    signInAs(employee, fake);
    let answer: (response: Response) => void = () => {};
    fake.on("GET /api/users/current/", () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp("/app/employee-ideas", fake);

    expect(await screen.findByText("Authenticating...")).toBeInTheDocument();
    answer(json(employee));
    await expectPageHeading("Employee Ideas");
  });

  it("sends a signed-out visitor of /app/settings to /login and back after logging in", async () => {
    const fake = createFakeApi();
    const { router } = renderApp("/app/settings", fake);

    expect(await screen.findByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");

    fake.on(
      "POST /api/auth/login/",
      json({
        access: "a",
        refresh: "r",
        userId: employee.id,
        email: employee.email,
        displayName: employee.display_name,
        role: "employee",
        team: employee.team,
        company_id: "company-1",
        is_admin: false,
      }),
    );
    fake.on("GET /api/users/current/", json(employee));
    fake.on(
      `GET /api/notifications/${employee.id}/`,
      json({ success: true, notifications: [], next_cursor: null, unread_count: 0 }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Email" }), employee.email);
    await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "correct horse");
    await user.click(screen.getByRole("button", { name: "Log In" }));

    await expectPageHeading("Settings");
    expect(router.state.location.pathname).toBe("/app/settings");
  });
});

describe("unknown paths", () => {
  it("shows the Page Not Found screen and reports the visit", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    const { router } = renderApp("/no/such/page?x=1", fake);

    expect(await screen.findByText("The page you requested could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();

    await waitFor(() => expect(fake.calls("POST /api/client-errors/")).toHaveLength(1));
    expect(fake.calls("POST /api/client-errors/")[0]?.body).toMatchObject({
      kind: "not_found",
      path: "/no/such/page?x=1",
    });
    expect(fake.calls("POST /api/client-errors/")[0]?.headers["x-csrftoken"]).toBe("csrf-1");

    await userEvent.click(screen.getByRole("link", { name: "Go Home" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("keeps a signed-in person in the app's frame, and Go Home leads to their ideas page", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    signInAs(buildUser({ role: "employee", is_admin: false }), fake);
    const { router } = renderApp("/no/such/page", fake);

    expect(await screen.findByText("The page you requested could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Notifications/ })).toBeInTheDocument();
    expect(screen.getAllByRole("main")).toHaveLength(1);

    await userEvent.click(screen.getByRole("link", { name: "Go Home" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/employee-ideas"));
  });

  it("goes back in history with Go Back", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    const { router } = renderApp("/", fake);
    await screen.findByRole("heading", { level: 1, name: "Turn everyday ideas into action." });

    await router.navigate("/missing");
    await screen.findByRole("button", { name: "Go Back" });
    await userEvent.click(screen.getByRole("button", { name: "Go Back" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("landing page", () => {
  it("offers Log In and Sign Up and calls no API", async () => {
    const fake = createFakeApi();
    const fetchSpy = vi.fn(fake.fetch);
    renderApp("/", { ...fake, fetch: fetchSpy as typeof fetch });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Turn everyday ideas into action." }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Log In" })[0]).toHaveAttribute("href", "/login");
    expect(screen.getAllByRole("link", { name: "Sign Up" }).length).toBeGreaterThan(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
