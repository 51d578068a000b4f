import { ERROR_MESSAGES } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { fill, openLanding, openLandingDialog, type TestUser } from "../../test/account-test-kit.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";

const DETAILS = { first_name: "Nina", last_name: "Newcomer", email: "nina@example.com", password: "long enough" };
const SEND_CODE = "POST /api/request-verification-code/";
const VERIFY = "POST /api/verify-email-register/";

async function openSignUp(fake: FakeApi = createFakeApi()) {
  const app = await openLanding(fake);
  const dialog = await openLandingDialog(app.user, "Sign Up");
  return { ...app, fake, dialog };
}

async function fillDetails(user: TestUser, dialog: HTMLElement, details: Partial<typeof DETAILS> = DETAILS) {
  await fill(user, dialog, "First name", details.first_name ?? "");
  await fill(user, dialog, "Last name", details.last_name ?? "");
  await fill(user, dialog, "Email", details.email ?? "");
  await fill(user, dialog, /^Password/, details.password ?? "");
  await user.click(within(dialog).getByRole("button", { name: "Send verification code" }));
}

/** Step 1 done: the fake answers the code request and the dialog shows the code step. */
async function openCodeStep(fake: FakeApi = createFakeApi()) {
  fake.on(SEND_CODE, json({ success: true }));
  const app = await openSignUp(fake);
  await fillDetails(app.user, app.dialog);
  const code = await within(app.dialog).findByRole("textbox", { name: "Verification code" });
  return { ...app, code };
}

async function submitCode(user: TestUser, dialog: HTMLElement, code: string) {
  await fill(user, dialog, "Verification code", code);
  await user.click(within(dialog).getByRole("button", { name: "Verify email" }));
}

describe("Sign Up popup, step 1: details", () => {
  it("says what is missing, field by field, and focuses the first one", async () => {
    const { user, dialog, fake } = await openSignUp();

    await fillDetails(user, dialog, {});

    expect(await within(dialog).findByText("First name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Last name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Email is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Password is required")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "First name" })).toHaveFocus();
    expect(within(dialog).getByRole("textbox", { name: "First name" })).toHaveAttribute("aria-invalid", "true");
    expect(fake.calls(SEND_CODE)).toHaveLength(0);
  });

  it("says 'Email is invalid' and 'Password must be at least 8 characters'", async () => {
    const { user, dialog } = await openSignUp();

    await fillDetails(user, dialog, { ...DETAILS, email: "nina-at-example", password: "short" });

    expect(await within(dialog).findByText("Email is invalid")).toBeInTheDocument();
    expect(within(dialog).getByText("Password must be at least 8 characters")).toBeInTheDocument();
  });

  it("shows and hides the password with a named toggle", async () => {
    const { user, dialog } = await openSignUp();
    const password = within(dialog).getByLabelText(/^Password/, { selector: "input" });

    await user.click(within(dialog).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(within(dialog).getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("sends the registration payload and moves to the code step", async () => {
    const { fake, dialog, code } = await openCodeStep();

    expect(fake.calls(SEND_CODE)[0]?.body).toEqual(DETAILS);
    expect(code).toHaveAttribute("maxlength", "6");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveFocus();
    expect(within(dialog).getByText(DETAILS.email)).toBeInTheDocument();
  });

  it("says 'Failed to send verification code. Please try again.' when the server says nothing", async () => {
    const fake = createFakeApi({ [SEND_CODE]: new Response(null, { status: 500 }) });
    const { user, dialog } = await openSignUp(fake);

    await fillDetails(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.sendCodeFailed));
    expect(within(dialog).getByRole("textbox", { name: "First name" })).toBeInTheDocument();
  });

  it("shows the server's message when it gives one", async () => {
    const fake = createFakeApi({
      [SEND_CODE]: json({ success: false, error: "An account with this email already exists." }, { status: 409 }),
    });
    const { user, dialog } = await openSignUp(fake);

    await fillDetails(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("An account with this email already exists.");
  });
});

describe("Sign Up popup, step 2: the code", () => {
  it("says 'Verification code is required' and 'Code must be 6 digits'", async () => {
    const { user, dialog, fake } = await openCodeStep();

    await user.click(within(dialog).getByRole("button", { name: "Verify email" }));
    expect(await within(dialog).findByText("Verification code is required")).toBeInTheDocument();

    await submitCode(user, dialog, "12a45");
    expect(await within(dialog).findByText("Code must be 6 digits")).toBeInTheDocument();
    expect(fake.calls(VERIFY)).toHaveLength(0);
  });

  it("limits the code to 6 characters", async () => {
    const { user, code } = await openCodeStep();

    await user.type(code, "12345678");

    expect(code).toHaveValue("123456");
  });

  it("goes 'Back to details' with every value kept", async () => {
    const { user, dialog } = await openCodeStep();

    await user.click(within(dialog).getByRole("button", { name: "Back to details" }));

    expect(await within(dialog).findByRole("textbox", { name: "First name" })).toHaveValue(DETAILS.first_name);
    expect(within(dialog).getByRole("textbox", { name: "Last name" })).toHaveValue(DETAILS.last_name);
    expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveValue(DETAILS.email);
    expect(within(dialog).getByLabelText(/^Password/, { selector: "input" })).toHaveValue(DETAILS.password);
  });

  it("sends a new code with the same details", async () => {
    const { user, dialog, fake } = await openCodeStep();

    await user.click(within(dialog).getByRole("button", { name: "Send a new code" }));

    expect(await within(dialog).findByRole("status")).toHaveTextContent(`We sent a new code to ${DETAILS.email}.`);
    expect(fake.calls(SEND_CODE)).toHaveLength(2);
    expect(fake.calls(SEND_CODE)[1]?.body).toEqual(DETAILS);
  });

  it("says 'Invalid response from server during verification.' when the answer has no user id", async () => {
    const fake = createFakeApi({ [VERIFY]: json({ success: true }) });
    const { user, dialog } = await openCodeStep(fake);

    await submitCode(user, dialog, "123456");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.invalidVerificationResponse));
  });

  it("says 'Verification failed. Please check the code or request a new one.' when the code is refused", async () => {
    const fake = createFakeApi({
      [VERIFY]: json({ success: false, error: "Wrong code.", code: "registration.code_invalid" }, { status: 400 }),
    });
    const { user, dialog } = await openCodeStep(fake);

    await submitCode(user, dialog, "123456");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.verificationFailed));
  });

  it("is done with the user id: the Associate with Company popup opens with the name prefilled", async () => {
    const fake = createFakeApi({ [VERIFY]: json({ success: true, userId: "newcomer-1" }) });
    const { user, dialog } = await openCodeStep(fake);

    await submitCode(user, dialog, "123456");

    const company = await screen.findByRole("dialog", { name: "Associate with Company" });
    expect(fake.calls(VERIFY)[0]?.body).toEqual({ email: DETAILS.email, code: "123456" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Sign Up" })).not.toBeInTheDocument());
    // The display name is asked once the company is verified; it is prefilled from the sign-up names.
    fake.on("POST /api/verify-company/", json({ success: true, teams: [{ id: "team-1", name: "Operations" }] }));
    await fill(user, company, "Company name", "Acme");
    await fill(user, company, /^Company password/, "join-acme");
    await user.click(within(company).getByRole("button", { name: "Verify" }));
    expect(await within(company).findByRole("textbox", { name: "Display name" })).toHaveValue("Nina Newcomer");
  });
});
