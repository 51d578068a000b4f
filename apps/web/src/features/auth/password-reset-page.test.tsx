import { ERROR_MESSAGES } from "@ideaport/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FIELD_TEXTS } from "../../components/components.texts.ts";
import { setLanguage, t } from "../../lib/i18n.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { PASSWORD_RESET_PAGE_TEXTS } from "./auth.texts.ts";

const TOKEN = "reset-token-1";
const CHECK = `GET /api/password-reset/${TOKEN}/`;
const COMPLETE = "POST /api/password-reset/complete/";
const DEAD = json(
  {
    success: false,
    error: "This password reset link is invalid or has expired.",
    code: "password_reset.token_invalid",
  },
  { status: 400 },
);

async function openResetPage(fake: FakeApi) {
  const app = renderApp(`/password-reset/${TOKEN}`, fake);
  return { ...app, user: userEvent.setup() };
}

async function choosePassword(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  const newPassword = await screen.findByLabelText(/^New password/, { selector: "input" });
  if (password) await user.type(newPassword, password);
  if (confirmation)
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: "input" }), confirmation);
  await user.click(screen.getByRole("button", { name: "Change password" }));
}

describe("/password-reset/:token", () => {
  it("checks the link first, then asks for the new password", async () => {
    const fake = createFakeApi({ [CHECK]: json({ success: true }) });
    await openResetPage(fake);

    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeVisible();
    expect(fake.calls(CHECK)).toHaveLength(1);
  });

  it("asks for 8 characters and a matching confirmation", async () => {
    const fake = createFakeApi({ [CHECK]: json({ success: true }) });
    const { user } = await openResetPage(fake);

    await choosePassword(user, "short", "");
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText(t(FIELD_TEXTS.confirmRequired))).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/, { selector: "input" })).toHaveFocus();

    await user.clear(screen.getByLabelText(/^New password/, { selector: "input" }));
    await choosePassword(user, "long enough", "long enougH");
    expect(await screen.findByText(t(PASSWORD_RESET_PAGE_TEXTS.passwordsDiffer))).toBeInTheDocument();
    expect(fake.calls(COMPLETE)).toHaveLength(0);
  });

  it("changes the password and offers 'Log In'", async () => {
    const fake = createFakeApi({ [CHECK]: json({ success: true }), [COMPLETE]: json({ success: true }) });
    const { user, router } = await openResetPage(fake);

    await choosePassword(user, "long enough", "long enough");

    expect(await screen.findByRole("heading", { name: t(PASSWORD_RESET_PAGE_TEXTS.successTitle) })).toHaveFocus();
    expect(fake.calls(COMPLETE)[0]?.body).toEqual({ token: TOKEN, password: "long enough" });
    await user.click(screen.getByRole("link", { name: "Log In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("says so when the link is dead and offers a new one", async () => {
    const fake = createFakeApi({ [CHECK]: DEAD });
    const { user } = await openResetPage(fake);

    expect(await screen.findByRole("heading", { name: t(PASSWORD_RESET_PAGE_TEXTS.deadLinkTitle) })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(t(PASSWORD_RESET_PAGE_TEXTS.deadLinkBody));

    await user.click(screen.getByRole("button", { name: "Request a new link" }));
    expect(await screen.findByRole("dialog", { name: "Reset Password" })).toBeInTheDocument();
  });

  it("shows the dead link when the link dies between the check and the submit", async () => {
    const fake = createFakeApi({ [CHECK]: json({ success: true }), [COMPLETE]: DEAD });
    const { user } = await openResetPage(fake);

    await choosePassword(user, "long enough", "long enough");

    expect(await screen.findByRole("heading", { name: t(PASSWORD_RESET_PAGE_TEXTS.deadLinkTitle) })).toBeVisible();
  });

  it("keeps the form and says 'An error occurred. Please try again later.' when the server cannot be reached", async () => {
    const fake = createFakeApi({
      [CHECK]: json({ success: true }),
      [COMPLETE]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user } = await openResetPage(fake);

    await choosePassword(user, "long enough", "long enough");

    expect(await screen.findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.resetGenericError));
    expect(screen.getByRole("button", { name: "Change password" })).toBeInTheDocument();
  });
});

describe("/password-reset/:token in German", () => {
  it("asks for the new password in German", async () => {
    await setLanguage("de");
    await openResetPage(createFakeApi({ [CHECK]: json({ success: true }) }));

    expect(await screen.findByRole("heading", { name: "Neues Passwort wählen" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Passwort zurücksetzen · Ideaport"));
    expect(screen.getByLabelText(/^Neues Passwort(?! bestätigen)/, { selector: "input" })).toBeVisible();
    expect(screen.getByLabelText(/^Neues Passwort bestätigen/, { selector: "input" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Passwort ändern" })).toBeVisible();
  });

  it("says a dead link is dead, in German", async () => {
    await setLanguage("de");
    await openResetPage(createFakeApi({ [CHECK]: DEAD }));

    expect(await screen.findByRole("heading", { name: "Dieser Link funktioniert nicht mehr" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Neuen Link anfordern" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zurück zur Anmeldung" })).toBeVisible();
  });
});
