import { STORAGE_KEYS } from "@ideaport/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.ts";
import { createFakeApi, json } from "../test/fake-api.ts";
import { renderApp, signInAs } from "../test/render-app.tsx";
import { dispatchSessionExpired } from "./events.ts";

const employee = buildUser({ id: "employee-1" });

describe("session in the app", () => {
  it("logs out: tells the server, clears storage and goes to /login", async () => {
    const fake = createFakeApi({ "POST /api/auth/logout/": json({ success: true }) });
    signInAs(employee, fake);
    const { router } = renderApp("/app/employee-ideas", fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Jane Doe" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    await waitFor(() => expect(fake.calls("POST /api/auth/logout/")).toHaveLength(1));
    expect(fake.calls("POST /api/auth/logout/")[0]?.body).toEqual({ refresh: "refresh-1" });
  });

  it("goes to /login when the session expires, remembering the page", async () => {
    const fake = createFakeApi();
    signInAs(employee, fake);
    const { router } = renderApp("/app/employee-company", fake);
    await screen.findByRole("heading", { level: 1, name: "Company Portal" });

    act(() => dispatchSessionExpired(window));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ from: { pathname: "/app/employee-company", search: "", hash: "" } });
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(await within(await screen.findByRole("main")).findByRole("status")).toHaveTextContent(
      "Your session has expired. Please log in again.",
    );
  });

  it("ends the session when the refresh is refused while loading the user", async () => {
    const fake = createFakeApi({ "POST /api/token/refresh/": json({ error: "revoked" }, { status: 401 }) });
    signInAs(employee, fake);
    fake.on("GET /api/users/current/", json({ error: "expired" }, { status: 401 }));
    const { router } = renderApp("/app/employee-ideas", fake);

    expect(await screen.findByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByText("Your session has expired. Please log in again.")).toBeInTheDocument();
  });

  it("says nothing of an expired session to a visitor who simply opens /login", async () => {
    renderApp("/login");
    expect(await screen.findByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
    expect(screen.queryByText("Your session has expired. Please log in again.")).not.toBeInTheDocument();
  });

  it("keeps working with the stored user when the server cannot be reached", async () => {
    const fake = createFakeApi();
    signInAs(employee, fake);
    fake.on("GET /api/users/current/", () => {
      throw new TypeError("Failed to fetch");
    });
    renderApp("/app/employee-ideas", fake);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Employee Ideas" }, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 15_000);
});
