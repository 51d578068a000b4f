import { STORAGE_KEYS, type User } from "@ideaport/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setLanguage, t } from "../../lib/i18n.ts";
import { answerAsSignedIn } from "../../test/account-test-kit.ts";
import { buildLoginResponse, buildUser } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { ACCEPT_INVITATION_TEXTS } from "./invitations.texts.ts";

const TOKEN = "invite-token-1";
const DETAILS = `GET /api/invitations/${TOKEN}/`;
const ACCEPT = `POST /api/invitations/${TOKEN}/accept/`;

function invitationDetails(role: "employee" | "manager" = "employee") {
  return {
    success: true,
    company_name: "Globex",
    team_name: "Research",
    email: "omar@globex.com",
    first_name: "Omar",
    last_name: "Okafor",
    role,
  };
}

function answerAccepted(fake: FakeApi, user: User) {
  fake.on(ACCEPT, json({ success: true, ...buildLoginResponse(user), user }));
  answerAsSignedIn(fake, user);
}

async function openInvitation(fake: FakeApi) {
  const app = renderApp(`/accept-invitation/${TOKEN}`, fake);
  return { ...app, user: userEvent.setup() };
}

describe("/accept-invitation/:token", () => {
  it("shows the company, team and role with the names prefilled", async () => {
    const fake = createFakeApi({ [DETAILS]: json(invitationDetails("manager")) });
    await openInvitation(fake);

    expect(await screen.findByRole("heading", { name: "Join Globex" })).toBeVisible();
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    const definitions = screen.getAllByRole("definition").map((definition) => definition.textContent);
    expect(terms).toEqual(["Company", "Team", "Role", "Email"]);
    expect(definitions).toEqual(["Globex", "Research", "Manager", "omar@globex.com"]);
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Omar");
    expect(screen.getByRole("textbox", { name: "Last name" })).toHaveValue("Okafor");
  });

  it("asks for a password of at least 8 characters", async () => {
    const fake = createFakeApi({ [DETAILS]: json(invitationDetails()) });
    const { user } = await openInvitation(fake);
    const password = await screen.findByLabelText(/^Password/, { selector: "input" });

    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    expect(password).toHaveFocus();

    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(fake.calls(ACCEPT)).toHaveLength(0);
  });

  it("accepts, signs the employee in and lands on /app/employee-ideas", async () => {
    const member = buildUser({ id: "member-1", email: "omar@globex.com", display_name: "Omar Okafor" });
    const fake = createFakeApi({ [DETAILS]: json(invitationDetails()) });
    answerAccepted(fake, member);
    const { user, router } = await openInvitation(fake);
    await user.type(await screen.findByLabelText(/^Password/, { selector: "input" }), "long enough");
    await user.click(screen.getByRole("button", { name: "Show password" }));

    await user.click(screen.getByRole("button", { name: "Accept invitation" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Employee Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
    expect(fake.calls(ACCEPT)[0]?.body).toEqual({ first_name: "Omar", last_name: "Okafor", password: "long enough" });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-1");
  });

  it("lands an invited manager on /app/manager-ideas", async () => {
    const member = buildUser({
      id: "member-2",
      role: "manager",
      team: [{ id: "team-9", name: "Research", is_manager: true }],
    });
    const fake = createFakeApi({ [DETAILS]: json(invitationDetails("manager")) });
    answerAccepted(fake, member);
    const { user, router } = await openInvitation(fake);
    await user.type(await screen.findByLabelText(/^Password/, { selector: "input" }), "long enough");

    await user.click(screen.getByRole("button", { name: "Accept invitation" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Manager Ideas" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/app/manager-ideas");
  });

  it("says so when the invitation is dead, with a link to the home page", async () => {
    const fake = createFakeApi({
      [DETAILS]: json(
        { success: false, error: "This invitation is invalid or has expired.", code: "invitation.invalid" },
        { status: 400 },
      ),
    });
    const { user, router } = await openInvitation(fake);

    expect(await screen.findByRole("heading", { name: t(ACCEPT_INVITATION_TEXTS.deadTitle) })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(t(ACCEPT_INVITATION_TEXTS.deadBody));

    await user.click(screen.getByRole("link", { name: "Go to the home page" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the dead invitation when it was used meanwhile", async () => {
    const fake = createFakeApi({
      [DETAILS]: json(invitationDetails()),
      [ACCEPT]: json(
        {
          success: false,
          error: "This invitation has already been accepted or revoked.",
          code: "invitation.not_pending",
        },
        { status: 409 },
      ),
    });
    const { user } = await openInvitation(fake);
    await user.type(await screen.findByLabelText(/^Password/, { selector: "input" }), "long enough");

    await user.click(screen.getByRole("button", { name: "Accept invitation" }));

    expect(await screen.findByRole("heading", { name: t(ACCEPT_INVITATION_TEXTS.deadTitle) })).toBeVisible();
  });

  it("shows the server's reason when accepting is refused", async () => {
    const message =
      "An account with this email already exists. Please log in and ask your administrator to add you to the team.";
    const fake = createFakeApi({
      [DETAILS]: json(invitationDetails()),
      [ACCEPT]: json({ success: false, error: message, code: "invitation.account_exists" }, { status: 409 }),
    });
    const { user } = await openInvitation(fake);
    await user.type(await screen.findByLabelText(/^Password/, { selector: "input" }), "long enough");

    await user.click(screen.getByRole("button", { name: "Accept invitation" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("offers to try again when the invitation cannot be loaded", async () => {
    let isOnline = false;
    const fake = createFakeApi({
      [DETAILS]: () => {
        if (!isOnline) throw new TypeError("Failed to fetch");
        return json(invitationDetails());
      },
    });
    const { user } = await openInvitation(fake);

    expect(await screen.findByRole("alert")).toHaveTextContent(t(ACCEPT_INVITATION_TEXTS.loadFailed));
    isOnline = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("heading", { name: "Join Globex" })).toBeVisible();
  });
});

describe("/accept-invitation/:token in German", () => {
  it("shows the invitation in German", async () => {
    await setLanguage("de");
    await openInvitation(createFakeApi({ [DETAILS]: json(invitationDetails("manager")) }));

    expect(await screen.findByRole("heading", { name: "Globex beitreten" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Einladung annehmen · Ideaport"));
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual([
      "Unternehmen",
      "Team",
      "Rolle",
      "E-Mail",
    ]);
    expect(screen.getByRole("textbox", { name: "Vorname" })).toHaveValue("Omar");
    expect(screen.getByRole("textbox", { name: "Nachname" })).toHaveValue("Okafor");
    expect(screen.getByRole("button", { name: "Einladung annehmen" })).toBeVisible();
  });
});
