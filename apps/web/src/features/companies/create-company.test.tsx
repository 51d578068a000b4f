import { ERROR_MESSAGES, type User, VALIDATION_MESSAGES } from "@ideaport/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { answerAsSignedIn, fill, newcomer, openCompanyDialog, type TestUser } from "../../test/account-test-kit.ts";
import { buildLoginResponse, buildUser } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";

const CREATE = "POST /api/create-company/";

/** The creator after creation: an administrator, manager of the first team. */
const creator: User = buildUser({
  ...newcomer,
  role: "manager",
  is_admin: true,
  company_id: "company-9",
  company_name: "Globex",
  team: [{ id: "team-9", name: "Research", is_manager: true }],
});

function answerCreated(fake: FakeApi, answer: Record<string, unknown> = {}) {
  fake.on(
    CREATE,
    json({ success: true, message: "Company created.", ...buildLoginResponse(creator), user: creator, ...answer }),
  );
  answerAsSignedIn(fake, creator);
}

async function openCreateMode(fake: FakeApi = createFakeApi()) {
  const app = await openCompanyDialog(fake);
  await app.user.click(within(app.dialog).getByRole("radio", { name: "Create New Company" }));
  await within(app.dialog).findByRole("form", { name: "Create new company" });
  return { ...app, fake };
}

async function addTeam(user: TestUser, dialog: HTMLElement, name: string) {
  await fill(user, dialog, "Team name", name);
  await user.click(within(dialog).getByRole("button", { name: "Add team" }));
}

async function fillCompany(user: TestUser, dialog: HTMLElement, name = "Globex", password = "join-globex") {
  await fill(user, dialog, "Company name", name);
  await fill(user, dialog, /^Company password/, password);
}

async function openInvite(user: TestUser, dialog: HTMLElement, team: string) {
  await user.click(within(dialog).getByRole("button", { name: `Invite members to ${team}` }));
  return screen.findByRole("dialog", { name: `Invite members to ${team}` });
}

async function invite(
  user: TestUser,
  invitation: HTMLElement,
  member: { firstName?: string; lastName?: string; email?: string; manager?: boolean; admin?: boolean },
) {
  await fill(user, invitation, "First name", member.firstName ?? "");
  await fill(user, invitation, "Last name", member.lastName ?? "");
  await fill(user, invitation, "Email", member.email ?? "");
  if (member.manager) await user.click(within(invitation).getByRole("radio", { name: "Manager" }));
  if (member.admin) await user.click(within(invitation).getByRole("checkbox", { name: "Grant Admin Permissions" }));
  await user.click(within(invitation).getByRole("button", { name: "Add member" }));
}

function submitButton(dialog: HTMLElement) {
  return within(dialog).getByRole("button", { name: "Create Company" });
}

describe("Associate with Company: Create New Company", () => {
  it("keeps 'Create Company' disabled, saying why, until name, password and a team are there", async () => {
    const { user, dialog } = await openCreateMode();
    expect(submitButton(dialog)).toBeDisabled();
    expect(within(dialog).getByText(t(VALIDATION_MESSAGES.companyNameAndPasswordRequired))).toBeInTheDocument();
    expect(within(dialog).getByText(t(VALIDATION_MESSAGES.atLeastOneTeam))).toBeInTheDocument();

    await fill(user, dialog, "Company name", "Globex");
    expect(submitButton(dialog)).toBeDisabled();

    await fill(user, dialog, /^Company password/, "join-globex");
    expect(submitButton(dialog)).toBeDisabled();
    expect(within(dialog).queryByText(t(VALIDATION_MESSAGES.companyNameAndPasswordRequired))).not.toBeInTheDocument();
    expect(within(dialog).getByText(t(VALIDATION_MESSAGES.atLeastOneTeam))).toBeInTheDocument();

    await addTeam(user, dialog, "Research");
    expect(submitButton(dialog)).toBeEnabled();
    expect(within(dialog).queryByText(t(VALIDATION_MESSAGES.atLeastOneTeam))).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Remove team Research" }));
    expect(submitButton(dialog)).toBeDisabled();
    expect(within(dialog).getByText(t(VALIDATION_MESSAGES.atLeastOneTeam))).toBeInTheDocument();
  });

  it("says 'Please enter a team name.' for an empty team name", async () => {
    const { user, dialog } = await openCreateMode();

    await addTeam(user, dialog, "   ");

    expect(await within(dialog).findByText(t(VALIDATION_MESSAGES.teamNameRequired))).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Team name" })).toHaveFocus();
  });

  it("refuses a team name that already exists, whatever its case", async () => {
    const { user, dialog } = await openCreateMode();
    await addTeam(user, dialog, "Research");

    await addTeam(user, dialog, "research");

    expect(await within(dialog).findByText('Team "Research" already exists.')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .filter((item) => item.textContent?.includes("Research")),
    ).toHaveLength(1);
  });

  it("adds a team with Enter without submitting the company", async () => {
    const { user, dialog, fake } = await openCreateMode();
    await fillCompany(user, dialog);

    await user.type(within(dialog).getByRole("textbox", { name: "Team name" }), "Research{Enter}");

    expect(within(dialog).getByRole("list", { name: "Teams of the new company" })).toHaveTextContent("Research");
    expect(fake.calls(CREATE)).toHaveLength(0);
  });

  it("checks each invited member: required fields, a valid address, no second invitation to the team", async () => {
    const { user, dialog } = await openCreateMode();
    await addTeam(user, dialog, "Research");
    const invitation = await openInvite(user, dialog, "Research");

    await invite(user, invitation, {});
    expect(await within(invitation).findByRole("alert")).toHaveTextContent(t(VALIDATION_MESSAGES.inviteFieldsRequired));
    expect(within(invitation).getByRole("textbox", { name: "First name" })).toHaveFocus();
    expect(within(invitation).getByRole("textbox", { name: "Last name" })).toHaveAttribute("aria-invalid", "true");

    await invite(user, invitation, { firstName: "Omar", lastName: "Okafor", email: "omar-at-globex" });
    expect(await within(invitation).findByText(t(VALIDATION_MESSAGES.inviteEmailInvalid))).toBeInTheDocument();

    await invite(user, invitation, { firstName: "Omar", lastName: "Okafor", email: "omar@globex.com" });
    expect(await within(invitation).findByRole("list", { name: "Invited to Research" })).toHaveTextContent(
      "omar@globex.com",
    );

    await invite(user, invitation, { firstName: "O.", lastName: "Okafor", email: "OMAR@Globex.com" });
    expect(await within(invitation).findByText(t(VALIDATION_MESSAGES.inviteAlreadyInvited))).toBeInTheDocument();
    expect(within(invitation).getAllByRole("button", { name: /^Remove / })).toHaveLength(1);
  });

  it("lists invited members with a remove button", async () => {
    const { user, dialog } = await openCreateMode();
    await addTeam(user, dialog, "Research");
    const invitation = await openInvite(user, dialog, "Research");
    await invite(user, invitation, { firstName: "Omar", lastName: "Okafor", email: "omar@globex.com" });
    await invite(user, invitation, { firstName: "Lee", lastName: "Lin", email: "lee@globex.com" });
    await user.click(within(invitation).getByRole("button", { name: "Done" }));

    const list = await within(dialog).findByRole("list", { name: "Invited to Research" });
    expect(list).toHaveTextContent("Omar Okafor");
    await user.click(within(dialog).getByRole("button", { name: "Remove Omar Okafor from Research" }));

    expect(list).not.toHaveTextContent("Omar Okafor");
    expect(list).toHaveTextContent("Lee Lin");
  });

  it("creates the company with its teams and invitations, signs the creator in and lands on /app/manager-ideas", async () => {
    const fake = createFakeApi();
    answerCreated(fake);
    const { user, dialog, router } = await openCreateMode(fake);
    await fillCompany(user, dialog);
    await user.click(within(dialog).getByRole("radio", { name: "Employee" }));
    await addTeam(user, dialog, "Research");
    await addTeam(user, dialog, "Sales");
    const invitation = await openInvite(user, dialog, "Research");
    await invite(user, invitation, {
      firstName: "Omar",
      lastName: "Okafor",
      email: "omar@globex.com",
      manager: true,
      admin: true,
    });
    await invite(user, invitation, { firstName: "Lee", lastName: "Lin", email: "lee@globex.com" });
    await user.click(within(invitation).getByRole("button", { name: "Done" }));

    await user.click(submitButton(dialog));

    expect(await screen.findByRole("heading", { level: 1, name: "Manager Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/manager-ideas");
    expect(fake.calls(CREATE)[0]?.body).toEqual({
      name: "Globex",
      password: "join-globex",
      adminId: newcomer.id,
      creatorRole: "employee",
      teams: [
        {
          name: "Research",
          invitedMembers: [
            { firstName: "Omar", lastName: "Okafor", email: "omar@globex.com", role: "manager", isAdmin: true },
            { firstName: "Lee", lastName: "Lin", email: "lee@globex.com", role: "employee", isAdmin: false },
          ],
        },
        { name: "Sales", invitedMembers: [] },
      ],
    });
    expect(fake.calls("GET /api/users/current/").length).toBeGreaterThan(0);
  });

  it("says 'Company created, but failed to log you in automatically. Please log in manually.' without tokens", async () => {
    const fake = createFakeApi({ [CREATE]: json({ success: true, message: "Company created." }) });
    const { user, dialog, router } = await openCreateMode(fake);
    await fillCompany(user, dialog);
    await addTeam(user, dialog, "Research");

    await user.click(submitButton(dialog));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.companyCreatedLoginFailed));
    await user.click(within(dialog).getByRole("button", { name: "Log In" }));
    expect(await screen.findByRole("dialog", { name: "Log In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the server's message when creation fails", async () => {
    const fake = createFakeApi({
      [CREATE]: json({ success: false, error: "A company with this name already exists." }, { status: 409 }),
    });
    const { user, dialog } = await openCreateMode(fake);
    await fillCompany(user, dialog);
    await addTeam(user, dialog, "Research");

    await user.click(submitButton(dialog));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A company with this name already exists.");
    expect(submitButton(dialog)).toBeEnabled();
  });

  it("says 'Failed to create company.' when the server says nothing", async () => {
    const fake = createFakeApi({ [CREATE]: new Response(null, { status: 500 }) });
    const { user, dialog } = await openCreateMode(fake);
    await fillCompany(user, dialog);
    await addTeam(user, dialog, "Research");

    await user.click(submitButton(dialog));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.companyCreateFailed));
  });
});
