import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the router; imported here so that its first load is not timed by a test.
import "./sso-login-page.tsx";
import { buildLoginResponse, buildUser, notificationList } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";

const employee = buildUser({ id: "employee-1", role: "employee", display_name: "Nora Newcomer" });

async function openLogin(fake = createFakeApi()) {
  const app = renderApp("/login", fake);
  await screen.findByRole("heading", { name: "Log in to Ideaport" });
  return app;
}

describe("the login page's single sign-on", () => {
  it("offers single sign-on once an address of a company with it is typed, and goes to the provider", async () => {
    const fake = createFakeApi();
    fake.on("POST /api/auth/sso/lookup/", json({ success: true, sso: true, required: false }));
    const providerUrl = `${window.location.origin}${window.location.pathname}#at-the-provider`;
    fake.on("POST /api/auth/sso/start/", json({ success: true, redirect_url: providerUrl }));
    await openLogin(fake);
    const user = userEvent.setup();

    await user.type(screen.getByRole("textbox", { name: "Email" }), "nora@acme.test");
    await user.tab();
    await user.click(await screen.findByRole("button", { name: "Continue with single sign-on" }));

    await waitFor(() => expect(window.location.hash).toBe("#at-the-provider"));
    expect(fake.calls("POST /api/auth/sso/lookup/")[0]?.body).toEqual({ email: "nora@acme.test" });
    expect(fake.calls("POST /api/auth/sso/start/")[0]?.body).toEqual({ email: "nora@acme.test" });
    // The password stays, for everyone else and for administrators.
    expect(screen.getByLabelText(/^Password/, { selector: "input" })).toBeInTheDocument();
    window.location.hash = "";
  });

  it("says when the company requires single sign-on", async () => {
    const fake = createFakeApi();
    fake.on("POST /api/auth/sso/lookup/", json({ success: true, sso: true, required: true }));
    await openLogin(fake);
    const user = userEvent.setup();

    await user.type(screen.getByRole("textbox", { name: "Email" }), "nora@acme.test");
    await user.tab();

    expect(await screen.findByText(/Only administrators can still use a password/)).toBeInTheDocument();
  });

  it("offers nothing more for an address without single sign-on", async () => {
    const fake = createFakeApi();
    fake.on("POST /api/auth/sso/lookup/", json({ success: true, sso: false, required: false }));
    await openLogin(fake);
    const user = userEvent.setup();

    await user.type(screen.getByRole("textbox", { name: "Email" }), "sam@example.com");
    await user.tab();

    await waitFor(() => expect(fake.calls("POST /api/auth/sso/lookup/")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Continue with single sign-on" })).not.toBeInTheDocument();
  });
});

describe("/login/sso", () => {
  it("exchanges the ticket for the session and lands on the person's page", async () => {
    const fake = createFakeApi();
    fake.on("POST /api/auth/sso/complete/", json(buildLoginResponse(employee)));
    fake.on("GET /api/users/current/", json(employee));
    fake.on(`GET /api/notifications/${employee.id}/`, json(notificationList([])));
    const { router } = renderApp("/login/sso#ticket=ticket-1", fake);

    await waitFor(() => expect(router.state.location.pathname).toBe("/app/employee-ideas"));
    expect(fake.calls("POST /api/auth/sso/complete/")[0]?.body).toEqual({ ticket: "ticket-1" });
  });

  it("says why the provider's sign-in failed, in words, and leads back to Log In", async () => {
    renderApp("/login/sso#error=email_unverified");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your identity provider did not confirm your e-mail address, so you were not signed in.",
    );
    expect(screen.getByRole("heading", { name: "You are not signed in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Log In" })).toHaveAttribute("href", "/login");
  });

  it("shows the server's sentence when a ticket was already used", async () => {
    const fake = createFakeApi();
    fake.on(
      "POST /api/auth/sso/complete/",
      json(
        {
          success: false,
          code: "sso.ticket_invalid",
          error: "This sign-in has expired or was already used. Please sign in again.",
        },
        { status: 400 },
      ),
    );
    renderApp("/login/sso#ticket=used", fake);

    expect(await screen.findByRole("alert")).toHaveTextContent("This sign-in has expired or was already used.");
  });
});
