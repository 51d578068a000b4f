import { ERROR_MESSAGES, SCREEN_TEXTS } from "@ideaport/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./account-dialogs.tsx";
import { t } from "../../lib/i18n.ts";
import { fill } from "../../test/account-test-kit.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";

const RESET_REQUEST = "POST /api/password-reset/request/";

/** /login?reset=1 opens the Reset Password popup over the login page (the 'Forgot password?' link's address). */
async function openResetDialog(fake: FakeApi = createFakeApi()) {
  const app = renderApp("/login?reset=1", fake);
  const dialog = await screen.findByRole("dialog", { name: "Reset Password" });
  return { ...app, dialog, user: userEvent.setup() };
}

async function requestReset(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, email: string) {
  await fill(user, dialog, "Email", email);
  await user.click(within(dialog).getByRole("button", { name: "Send reset link" }));
}

describe("Reset Password popup", () => {
  it("says 'Please enter your email address' for an empty field and sends nothing", async () => {
    const fake = createFakeApi();
    const { user, dialog } = await openResetDialog(fake);

    await requestReset(user, dialog, "");

    expect(await within(dialog).findByText("Please enter your email address")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveFocus();
    expect(fake.calls(RESET_REQUEST)).toHaveLength(0);
  });

  it("shows the same success message for an address without an account", async () => {
    const fake = createFakeApi({ [RESET_REQUEST]: json({ success: true }) });
    const { user, dialog } = await openResetDialog(fake);

    await requestReset(user, dialog, "nobody@example.com");

    expect(await within(dialog).findByRole("status")).toHaveTextContent(t(SCREEN_TEXTS.passwordResetSent));
    expect(fake.calls(RESET_REQUEST)[0]?.body).toEqual({ email: "nobody@example.com" });
    expect(within(dialog).getByRole("button", { name: "Back to Log In" })).toHaveFocus();
  });

  it("says 'Unable to process your request. Please try again.' when the server refuses", async () => {
    const fake = createFakeApi({
      [RESET_REQUEST]: json({ success: false, error: "Invalid request." }, { status: 400 }),
    });
    const { user, dialog } = await openResetDialog(fake);

    await requestReset(user, dialog, "jane@example.com");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.resetUnableToProcess));
  });

  it("says 'An error occurred. Please try again later.' when the server cannot be reached", async () => {
    const fake = createFakeApi({
      [RESET_REQUEST]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user, dialog } = await openResetDialog(fake);

    await requestReset(user, dialog, "jane@example.com");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.resetGenericError));
  });

  it("says 'An error occurred. Please try again later.' when the server fails", async () => {
    const fake = createFakeApi({ [RESET_REQUEST]: json({ success: false }, { status: 503 }) });
    const { user, dialog } = await openResetDialog(fake);

    await requestReset(user, dialog, "jane@example.com");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.resetGenericError));
  });

  it("goes back to the login page after the link is sent", async () => {
    const fake = createFakeApi({ [RESET_REQUEST]: json({ success: true }) });
    const { user, dialog, router } = await openResetDialog(fake);
    await requestReset(user, dialog, "jane@example.com");

    await user.click(await within(dialog).findByRole("button", { name: "Back to Log In" }));

    expect(screen.queryByRole("dialog", { name: "Reset Password" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
  });
});
