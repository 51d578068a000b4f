import { ERROR_MESSAGES, SCREEN_TEXTS, type User } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { answerAsSignedIn, fill, newcomer, openCompanyDialog, type TestUser } from "../../test/account-test-kit.ts";
import { buildLoginResponse, buildUser } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { JOIN_FORM_MESSAGES } from "./companies.texts.ts";

const VERIFY = "POST /api/verify-company/";
const ASSOCIATE = "POST /api/associate-company/";
const TEAMS = [
  { id: "team-1", name: "Operations" },
  { id: "team-2", name: "Sales" },
];

/** The newcomer after joining, as the server presents them. */
function joined(overrides: Partial<User> = {}): User {
  return buildUser({
    ...newcomer,
    company_id: "company-1",
    company_name: "Acme",
    team: [{ id: "team-2", name: "Sales", is_manager: false }],
    ...overrides,
  });
}

function answerJoinAs(fake: FakeApi, user: User) {
  fake.on(ASSOCIATE, json({ success: true, ...buildLoginResponse(user), user }));
  answerAsSignedIn(fake, user);
}

async function verify(user: TestUser, dialog: HTMLElement, name = "Acme", password = "join-acme") {
  await fill(user, dialog, "Company name", name);
  await fill(user, dialog, /^Company password/, password);
  await user.click(within(dialog).getByRole("button", { name: "Verify" }));
}

async function chooseTeam(user: TestUser, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole("combobox", { name: "Team" }));
  await user.click(await screen.findByRole("option", { name }));
}

async function openVerified(fake: FakeApi = createFakeApi()) {
  fake.on(VERIFY, json({ success: true, teams: TEAMS }));
  const app = await openCompanyDialog(fake);
  await verify(app.user, app.dialog);
  await within(app.dialog).findByRole("combobox", { name: "Team" });
  return { ...app, fake };
}

/** The verified dialog, the server answering a request for the manager role in Operations with its message. */
async function openJoiningOperationsAsManager() {
  const fake = createFakeApi();
  const employee = joined({ team: [{ id: "team-1", name: "Operations", is_manager: false }] });
  const message = t(SCREEN_TEXTS.managerRoleAwaitsApproval, { team: "Operations" });
  fake.on(ASSOCIATE, json({ success: true, message, ...buildLoginResponse(employee), user: employee }));
  answerAsSignedIn(fake, employee);
  return { ...(await openVerified(fake)), message };
}

describe("Associate with Company: Join Company", () => {
  // The file's first test loads the employee ideas page's modules cold: seconds on a busy machine.
  it("verifies the company, lists its teams, joins and lands an employee on /app/employee-ideas", async () => {
    const fake = createFakeApi();
    answerJoinAs(fake, joined());
    const { user, dialog, router } = await openVerified(fake);
    expect(fake.calls(VERIFY)[0]?.body).toEqual({ companyName: "Acme", companyPassword: "join-acme" });
    expect(within(dialog).getByRole("status")).toHaveTextContent(
      "The company name and password are right. Choose your team to join.",
    );
    expect(within(dialog).getByRole("textbox", { name: "Display name" })).toHaveValue("Nina Newcomer");
    expect(within(dialog).getByRole("radio", { name: "Employee" })).toBeChecked();

    await chooseTeam(user, dialog, "Sales");
    await user.click(within(dialog).getByRole("button", { name: "Join Company" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Employee Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
    expect(fake.calls(ASSOCIATE)[0]?.body).toEqual({
      userId: newcomer.id,
      companyName: "Acme",
      displayName: "Nina Newcomer",
      team: "team-2",
      role: "employee",
      requesting_admin: false,
    });
  }, 15_000);

  it("joins asking for the manager role and admin rights, says the role awaits approval, then lands an employee on /app/employee-ideas", async () => {
    const { fake, user, dialog, router } = await openJoiningOperationsAsManager();

    await chooseTeam(user, dialog, "Operations");
    await fill(user, dialog, "Display name", "Nina N.");
    await user.click(within(dialog).getByRole("radio", { name: "Manager" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Request admin permissions" }));
    await user.click(within(dialog).getByRole("button", { name: "Join Company" }));

    const status = await within(dialog).findByRole("status");
    expect(status).toHaveTextContent("You joined Acme.");
    expect(status).toHaveTextContent(
      "Your request to manage Operations awaits the approval of one of its managers or an administrator; until then you are an employee.",
    );
    expect(router.state.location.pathname).not.toBe("/app/employee-ideas");
    expect(fake.calls(ASSOCIATE)[0]?.body).toMatchObject({
      team: "team-1",
      displayName: "Nina N.",
      role: "manager",
      requesting_admin: true,
    });

    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Employee Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
  });

  it("signs in and lands when the dialog is closed after the manager-role message", async () => {
    const { message, user, dialog, router } = await openJoiningOperationsAsManager();

    await chooseTeam(user, dialog, "Operations");
    await user.click(within(dialog).getByRole("radio", { name: "Manager" }));
    await user.click(within(dialog).getByRole("button", { name: "Join Company" }));
    await within(dialog).findByText(message);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Employee Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
  });

  it("says 'Please select a team to join.' and focuses the team picker", async () => {
    const { user, dialog, fake } = await openVerified();

    await user.click(within(dialog).getByRole("button", { name: "Join Company" }));

    expect(await within(dialog).findByText("Please select a team to join.")).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Team" })).toHaveFocus();
    expect(fake.calls(ASSOCIATE)).toHaveLength(0);
  });

  it("resets verification when the company name changes", async () => {
    const { user, dialog } = await openVerified();

    await user.type(within(dialog).getByRole("textbox", { name: "Company name" }), " Corp");

    expect(within(dialog).queryByRole("combobox", { name: "Team" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Join Company" })).not.toBeInTheDocument();
  });

  it("resets verification when the password changes", async () => {
    const { user, dialog } = await openVerified();

    await user.type(within(dialog).getByLabelText(/^Company password/, { selector: "input" }), "!");

    expect(within(dialog).queryByRole("combobox", { name: "Team" })).not.toBeInTheDocument();
  });

  it("resets verification when the mode changes", async () => {
    const { user, dialog } = await openVerified();

    await user.click(within(dialog).getByRole("radio", { name: "Create New Company" }));
    await user.click(within(dialog).getByRole("radio", { name: "Join Company" }));

    expect(within(dialog).queryByRole("combobox", { name: "Team" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Verify" })).toBeInTheDocument();
  });

  it("asks for the company name and password before verifying", async () => {
    const fake = createFakeApi();
    const { user, dialog } = await openCompanyDialog(fake);

    await user.click(within(dialog).getByRole("button", { name: "Verify" }));

    expect(await within(dialog).findByText(t(JOIN_FORM_MESSAGES.companyNameRequired))).toBeInTheDocument();
    expect(within(dialog).getByText(t(JOIN_FORM_MESSAGES.companyPasswordRequired))).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Company name" })).toHaveFocus();
    expect(fake.calls(VERIFY)).toHaveLength(0);
  });

  it("says 'Company verification failed.' when the server refuses without a message", async () => {
    const fake = createFakeApi({ [VERIFY]: new Response(null, { status: 400 }) });
    const { user, dialog } = await openCompanyDialog(fake);

    await verify(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.companyVerificationFailed));
    expect(within(dialog).queryByRole("combobox", { name: "Team" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const fake = createFakeApi({
      [VERIFY]: json({ success: false, error: "Too many requests. Please try again later." }, { status: 429 }),
    });
    const { user, dialog } = await openCompanyDialog(fake);

    await verify(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
  });

  it("says 'Failed to verify company details.' when the server cannot be reached", async () => {
    const fake = createFakeApi({
      [VERIFY]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user, dialog } = await openCompanyDialog(fake);

    await verify(user, dialog);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.companyVerifyDetailsFailed));
  });

  it("says 'Failed to associate with company.' when joining fails without a message", async () => {
    const fake = createFakeApi({ [ASSOCIATE]: new Response(null, { status: 500 }) });
    const { user, dialog } = await openVerified(fake);

    await chooseTeam(user, dialog, "Sales");
    await user.click(within(dialog).getByRole("button", { name: "Join Company" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.companyAssociateFailed));
  });

  it("asks to verify again when the server no longer holds the company proof", async () => {
    const message = "Please verify the company name and password again before joining.";
    const fake = createFakeApi({
      [ASSOCIATE]: json({ success: false, error: message, code: "company.proof_required" }, { status: 400 }),
    });
    const { user, dialog } = await openVerified(fake);

    await chooseTeam(user, dialog, "Sales");
    await user.click(within(dialog).getByRole("button", { name: "Join Company" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
    await waitFor(() => expect(within(dialog).queryByRole("combobox", { name: "Team" })).not.toBeInTheDocument());
  });
});
