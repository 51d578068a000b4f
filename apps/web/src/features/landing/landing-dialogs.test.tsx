import { ERROR_MESSAGES } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import {
  answerAsSignedIn,
  fill,
  newcomer,
  newcomerLogin,
  openLanding,
  openLandingDialog,
  type TestUser,
} from "../../test/account-test-kit.ts";
import { buildLoginResponse, buildManager, buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";

const employee = buildUser({ id: "employee-1", role: "employee", email: "jane@example.com" });
const manager = buildManager();

async function logIn(user: TestUser, dialog: HTMLElement, email = "jane@example.com", password = "correct horse") {
  if (email) await fill(user, dialog, "Email", email);
  if (password) await fill(user, dialog, /^Password/, password);
  await user.click(within(dialog).getByRole("button", { name: "Log In" }));
}

describe("landing page popups", () => {
  it("opens the Log In popup from 'Log In', loading it only on click", async () => {
    const fake = createFakeApi();
    const { user } = await openLanding(fake);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    const dialog = await openLandingDialog(user, "Log In");

    expect(within(dialog).getByRole("textbox", { name: "Email" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Password/, { selector: "input" })).toHaveAttribute("type", "password");
    expect(within(dialog).getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
    expect(within(dialog).getByRole("link", { name: "Forgot password?" })).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Sign up" })).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it("opens the Sign Up popup from 'Sign Up'", async () => {
    const { user } = await openLanding();

    const dialog = await openLandingDialog(user, "Sign Up");

    expect(within(dialog).getByRole("textbox", { name: "First name" })).toBeInTheDocument();
  });

  it("closes the popup with its close button and stays on the landing page", async () => {
    const { user, router } = await openLanding();
    const dialog = await openLandingDialog(user, "Log In");

    await user.click(within(dialog).getByRole("button", { name: /close/i }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("Log In popup", () => {
  it("shows the spec's messages for missing fields and sends nothing", async () => {
    const fake = createFakeApi();
    const { user } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog, "", "");

    expect(await within(dialog).findByText("Email is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Password is required")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveFocus();
    expect(fake.calls("POST /api/auth/login/")).toHaveLength(0);
  });

  it("rejects an address without the basic pattern", async () => {
    const { user } = await openLanding();
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog, "jane-at-example", "secret");

    expect(await within(dialog).findByText("Please enter a valid email address")).toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    const fake = createFakeApi({
      "POST /api/auth/login/": json({ error: "This account has been deactivated." }, { status: 403 }),
    });
    const { user } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This account has been deactivated.");
  });

  it("shows the server's message when it sends no error", async () => {
    const fake = createFakeApi({
      "POST /api/auth/login/": json({ message: "Please verify your e-mail first." }, { status: 401 }),
    });
    const { user } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Please verify your e-mail first.");
  });

  it("falls back to 'Authentication failed. Please check your credentials.' when the server says nothing", async () => {
    const fake = createFakeApi({ "POST /api/auth/login/": new Response(null, { status: 401 }) });
    const { user } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.authenticationFailedPopup));
  });

  it("signs an employee in and goes to /app/employee-ideas", async () => {
    const fake = createFakeApi({ "POST /api/auth/login/": json(buildLoginResponse(employee)) });
    answerAsSignedIn(fake, employee);
    const { user, router } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog);

    expect(await screen.findByRole("heading", { level: 1, name: "Employee Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
  });

  it("signs a manager in and goes to /app/manager-ideas", async () => {
    const fake = createFakeApi({ "POST /api/auth/login/": json(buildLoginResponse(manager)) });
    answerAsSignedIn(fake, manager);
    const { user, router } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog);

    expect(await screen.findByRole("heading", { level: 1, name: "Manager Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/manager-ideas");
  });

  it("opens Associate with Company instead of the app for a user without a company", async () => {
    const fake = createFakeApi({ "POST /api/auth/login/": json(newcomerLogin()) });
    const { user, router } = await openLanding(fake);
    const dialog = await openLandingDialog(user, "Log In");

    await logIn(user, dialog, newcomer.email);

    const company = await screen.findByRole("dialog", { name: "Associate with Company" });
    expect(router.state.location.pathname).toBe("/");
    expect(within(company).getByRole("radio", { name: "Join Company" })).toBeChecked();
    expect(fake.calls("GET /api/users/current/")).toHaveLength(0);
  });

  it("opens the Reset Password popup from 'Forgot password?'", async () => {
    const { user } = await openLanding();
    const dialog = await openLandingDialog(user, "Log In");

    await user.click(within(dialog).getByRole("link", { name: "Forgot password?" }));

    expect(await screen.findByRole("dialog", { name: "Reset Password" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log In" })).not.toBeInTheDocument());
  });

  it("opens the Sign Up popup from 'Sign up'", async () => {
    const { user } = await openLanding();
    const dialog = await openLandingDialog(user, "Log In");

    await user.click(within(dialog).getByRole("link", { name: "Sign up" }));

    expect(await screen.findByRole("dialog", { name: "Sign Up" })).toBeInTheDocument();
  });
});
