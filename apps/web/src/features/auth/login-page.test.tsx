import { ERROR_MESSAGES, STORAGE_KEYS } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./account-dialogs.tsx";
import { setLanguage, t } from "../../lib/i18n.ts";
import { newcomer, newcomerLogin } from "../../test/account-test-kit.ts";
import { buildLoginResponse, buildUser, notificationList } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";

const manager = buildUser({ id: "manager-1", role: "manager", display_name: "Sam Manager" });

function answerLoginAs(fake: ReturnType<typeof createFakeApi>, user = manager) {
  fake.on("POST /api/auth/login/", json(buildLoginResponse(user)));
  fake.on("GET /api/users/current/", json(user));
  fake.on(`GET /api/notifications/${user.id}/`, json(notificationList([])));
}

async function openLogin(fake = createFakeApi()) {
  const app = renderApp("/login", fake);
  await screen.findByRole("heading", { name: "Log in to Ideaport" });
  return app;
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByRole("textbox", { name: "Email" }), email);
  if (password) await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), password);
  await user.click(screen.getByRole("button", { name: "Log In" }));
  return user;
}

describe("login page", () => {
  it("shows the spec's messages for missing fields", async () => {
    const { fake } = await openLogin();

    await fillAndSubmit("", "");

    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(fake.calls("POST /api/auth/login/")).toHaveLength(0);
  });

  it("marks both fields invalid and describes each by its message", async () => {
    await openLogin();

    await fillAndSubmit("", "");

    const email = screen.getByRole("textbox", { name: "Email" });
    const password = screen.getByLabelText(/^Password/, { selector: "input" });
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Email is required");
    expect(password).toHaveAccessibleDescription("Password is required");
  });

  it("rejects an address without the basic pattern", async () => {
    await openLogin();

    await fillAndSubmit("jane-at-example", "secret");

    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
  });

  it("logs a manager in and lands on /app/manager-ideas, remembering the session when asked", async () => {
    const fake = createFakeApi();
    answerLoginAs(fake);
    const { router } = await openLogin(fake);
    await userEvent.click(screen.getByRole("checkbox", { name: "Remember me" }));

    await fillAndSubmit("  sam@example.com ", "correct horse");

    expect(await screen.findByRole("heading", { level: 1, name: "Manager Ideas" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app/manager-ideas");
    expect(fake.calls("POST /api/auth/login/")[0]?.body).toEqual({
      email: "sam@example.com",
      password: "correct horse",
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-1");
  });

  it("keeps the session for this tab only without 'Remember me'", async () => {
    const fake = createFakeApi();
    answerLoginAs(fake);
    await openLogin(fake);
    expect(screen.getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();

    await fillAndSubmit("sam@example.com", "correct horse");

    await screen.findByRole("heading", { level: 1, name: "Manager Ideas" });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-1");
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it("shows the server's error when login fails", async () => {
    const fake = createFakeApi({
      "POST /api/auth/login/": json({ error: "This account has been deactivated." }, { status: 403 }),
    });
    await openLogin(fake);

    await fillAndSubmit("sam@example.com", "correct horse");

    expect(await screen.findByRole("alert")).toHaveTextContent("This account has been deactivated.");
  });

  it("falls back to 'Authentication failed' when the server says nothing (the popup says more)", async () => {
    const fake = createFakeApi({ "POST /api/auth/login/": new Response(null, { status: 401 }) });
    await openLogin(fake);

    await fillAndSubmit("sam@example.com", "wrong");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(t(ERROR_MESSAGES.authenticationFailed));
    expect(alert).not.toHaveTextContent(t(ERROR_MESSAGES.authenticationFailedPopup));
  });

  it("says so when the network is down", async () => {
    const fake = createFakeApi({
      "POST /api/auth/login/": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await openLogin(fake);

    await fillAndSubmit("sam@example.com", "secret");

    expect(await screen.findByRole("alert")).toHaveTextContent("Network error. Please check your internet connection.");
  });

  it("sends a visitor who is already signed in to their area", async () => {
    const fake = createFakeApi();
    signInAs(manager, fake);
    const { router } = renderApp("/login", fake);

    await waitFor(() => expect(router.state.location.pathname).toBe("/app/manager-ideas"));
  });

  it("shows and hides the password with a named toggle", async () => {
    await openLogin();
    const password = screen.getByLabelText(/^Password/, { selector: "input" });

    await userEvent.click(screen.getByRole("button", { name: "Show password" }));

    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
  });

  it("opens Associate with Company instead of the app for a user without a company", async () => {
    const fake = createFakeApi({ "POST /api/auth/login/": json(newcomerLogin()) });
    const { router } = await openLogin(fake);

    await fillAndSubmit(newcomer.email, "correct horse");

    expect(await screen.findByRole("dialog", { name: "Associate with Company" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it("opens the Sign Up popup from 'Sign up'", async () => {
    await openLogin();

    await userEvent.click(screen.getByRole("link", { name: "Sign up" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign Up" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("opens the Sign Up popup at /login?signup=1, whose 'Log in' link comes back to the page", async () => {
    renderApp("/login?signup=1", createFakeApi());
    const dialog = await screen.findByRole("dialog", { name: "Sign Up" });

    await userEvent.click(within(dialog).getByRole("link", { name: "Log in" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
  });

  it("opens the Reset Password popup from 'Forgot password?'", async () => {
    await openLogin();

    await userEvent.click(screen.getByRole("link", { name: "Forgot password?" }));

    expect(await screen.findByRole("dialog", { name: "Reset Password" })).toBeInTheDocument();
  });
});

describe("login page in German", () => {
  it("greets a German browser in German, the Sign Up popup too", async () => {
    await setLanguage("de");
    renderApp("/login", createFakeApi());

    expect(await screen.findByRole("heading", { name: "Bei Ideaport anmelden" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Anmelden · Ideaport"));
    expect(screen.getByRole("textbox", { name: "E-Mail" })).toBeVisible();
    expect(screen.getByLabelText(/^Passwort/, { selector: "input" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Passwort anzeigen" })).toBeVisible();
    expect(screen.getByRole("checkbox", { name: "Angemeldet bleiben" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Anmelden" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zurück zur Startseite" })).toBeVisible();

    await userEvent.click(screen.getByRole("link", { name: "Registrieren" }));

    const dialog = await screen.findByRole("dialog", { name: "Registrieren" });
    expect(within(dialog).getByRole("textbox", { name: "Vorname" })).toBeVisible();
    expect(within(dialog).getByText("Mindestens 8 Zeichen")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Code senden" })).toBeVisible();
    expect(within(dialog).getByRole("link", { name: "Anmelden" })).toBeVisible();
  });
});
