import type { PendingInvitation, TeamMember, TeamSummary } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import {
  admin,
  buildInvitation,
  buildTeam,
  buildTeamMember,
  manager,
  refusal,
  renderSettings,
} from "../../test/settings-fixtures.ts";

const operations = buildTeam({ id: "team-1", name: "Operations", member_count: 2 });
const logistics = buildTeam({ id: "team-2", name: "Logistics", member_count: 1 });
const sam = buildTeamMember({
  id: "manager-1",
  display_name: "Sam Manager",
  email: "sam@example.com",
  role: "manager",
  is_manager: true,
});
const priya = buildTeamMember({ id: "member-1", display_name: "Priya Patel", email: "priya@example.com" });

function answerTeams(
  fake: FakeApi,
  options: {
    teams?: TeamSummary[];
    members?: Record<string, TeamMember[]>;
    invitations?: Record<string, PendingInvitation[]>;
  } = {},
) {
  const teams = options.teams ?? [operations];
  fake.on("GET /api/teams/", json({ success: true, teams }));
  // The team's chat channels: none connected.
  fake.on("GET /api/integrations/channels/", json({ success: true, channels: [] }));
  for (const team of teams) {
    fake.on(
      `GET /api/teams/${team.id}/members/`,
      json({ success: true, team, members: options.members?.[team.id] ?? [sam, priya] }),
    );
    fake.on(
      `GET /api/teams/${team.id}/invitations/`,
      json({ success: true, invitations: options.invitations?.[team.id] ?? [buildInvitation()] }),
    );
  }
}

async function renderTeamSettings(user = manager, setup: (fake: FakeApi) => void = (fake) => answerTeams(fake)) {
  const app = await renderSettings(user, "/app/settings/team", setup);
  await screen.findByRole("table", { name: "Members of Operations" });
  return app;
}

function inviteForm() {
  return screen.getByRole("form", { name: "Invite a member to Operations" });
}

async function fillInvite(values: { firstName?: string; lastName?: string; email?: string }) {
  const form = inviteForm();
  if (values.firstName)
    await userEvent.type(within(form).getByRole("textbox", { name: /^First name/ }), values.firstName);
  if (values.lastName) await userEvent.type(within(form).getByRole("textbox", { name: /^Last name/ }), values.lastName);
  if (values.email) await userEvent.type(within(form).getByRole("textbox", { name: /^Email/ }), values.email);
  await userEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
  return form;
}

describe("team settings: members", () => {
  it("lists the members of the team the manager manages, with name, e-mail and manager flag", async () => {
    await renderTeamSettings();

    const table = screen.getByRole("table", { name: "Members of Operations" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByRole("rowheader")).toHaveTextContent("Priya Patel");
    expect(within(rows[1] as HTMLElement).getByRole("cell", { name: "priya@example.com" })).toBeInTheDocument();
    expect(within(table).getByRole("switch", { name: "Team manager: Sam Manager" })).toBeChecked();
    expect(within(table).getByRole("switch", { name: "Team manager: Priya Patel" })).not.toBeChecked();
  });

  it("makes a member a team manager and says so", async () => {
    const { fake } = await renderTeamSettings(manager, (fake) => {
      answerTeams(fake);
      fake.on(
        "PATCH /api/teams/team-1/members/member-1/",
        json({ success: true, member: { ...priya, is_manager: true } }),
      );
    });

    await userEvent.click(screen.getByRole("switch", { name: "Team manager: Priya Patel" }));

    expect(await screen.findByText("Priya Patel is now a manager of Operations.")).toBeInTheDocument();
    expect(fake.calls("PATCH /api/teams/team-1/members/member-1/")[0]?.body).toEqual({ is_manager: true });
    await waitFor(() => expect(fake.calls("GET /api/teams/team-1/members/").length).toBeGreaterThan(1));
  });

  it("shows the server's message when the change is refused", async () => {
    await renderTeamSettings(manager, (fake) => {
      answerTeams(fake);
      fake.on(
        "PATCH /api/teams/team-1/members/member-1/",
        refusal(403, "auth.forbidden", "You do not have permission to perform this action."),
      );
    });

    await userEvent.click(screen.getByRole("switch", { name: "Team manager: Priya Patel" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission to perform this action.");
    expect(screen.getByRole("switch", { name: "Team manager: Priya Patel" })).not.toBeChecked();
  });

  it("removes a member after confirmation", async () => {
    const { fake } = await renderTeamSettings(manager, (fake) => {
      answerTeams(fake);
      fake.on("DELETE /api/teams/team-1/members/member-1/", json({ success: true }));
    });

    await userEvent.click(screen.getByRole("button", { name: "Remove Priya Patel from Operations" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove member" });
    expect(within(dialog).getByText(/Remove Priya Patel from Operations\?/)).toBeInTheDocument();
    expect(fake.calls("DELETE /api/teams/team-1/members/member-1/")).toHaveLength(0);
    answerTeams(fake, { members: { "team-1": [sam] } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("Priya Patel was removed from Operations.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole("switch", { name: "Team manager: Priya Patel" })).not.toBeInTheDocument(),
    );
    expect(fake.calls("DELETE /api/teams/team-1/members/member-1/")).toHaveLength(1);
  });

  it("keeps the member when the removal is cancelled", async () => {
    const { fake } = await renderTeamSettings();

    await userEvent.click(screen.getByRole("button", { name: "Remove Priya Patel from Operations" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove member" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.requests.filter((request) => request.method === "DELETE")).toHaveLength(0);
  });

  it("shows a refused removal in the dialog", async () => {
    await renderTeamSettings(manager, (fake) => {
      answerTeams(fake);
      fake.on(
        "DELETE /api/teams/team-1/members/member-1/",
        refusal(
          409,
          "team.last_membership",
          "Every member needs a team. Move this member to another team instead of removing them.",
        ),
      );
    });

    await userEvent.click(screen.getByRole("button", { name: "Remove Priya Patel from Operations" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove member" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Every member needs a team. Move this member to another team instead of removing them.",
    );
  });

  it("lets an admin pick any team", async () => {
    await renderTeamSettings(admin, (fake) =>
      answerTeams(fake, {
        teams: [operations, logistics],
        members: { "team-2": [buildTeamMember({ id: "member-7", display_name: "Lee Logistics" })] },
      }),
    );

    await userEvent.selectOptions(screen.getByRole("combobox", { name: /^Team/ }), "Logistics");

    expect(await screen.findByRole("table", { name: "Members of Logistics" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Team manager: Lee Logistics" })).toBeInTheDocument();
  });

  it("says so when a manager manages no team", async () => {
    await renderSettings(manager, "/app/settings/team", (fake) =>
      fake.on("GET /api/teams/", json({ success: true, teams: [] })),
    );

    expect(
      await screen.findByText("You do not manage a team yet. An administrator can make you a team manager."),
    ).toBeInTheDocument();
  });

  it("shows an error with a way to try again when the teams cannot load", async () => {
    const { fake } = await renderSettings(manager, "/app/settings/team", (fake) =>
      fake.on("GET /api/teams/", refusal(403, "auth.forbidden", "You do not have permission to perform this action.")),
    );

    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load your teams.");
    answerTeams(fake);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("table", { name: "Members of Operations" })).toBeInTheDocument();
  });

  it("shows 'Loading members...' while the members load", async () => {
    await renderSettings(manager, "/app/settings/team", (fake) => {
      answerTeams(fake);
      fake.on("GET /api/teams/team-1/members/", () => new Promise<Response>(() => {}));
    });

    expect(await screen.findByText("Loading members...")).toBeInTheDocument();
  });
});

describe("team settings: invitations", () => {
  it("lists pending invitations and revokes one", async () => {
    const { fake } = await renderTeamSettings(manager, (fake) => {
      answerTeams(fake);
      fake.on("DELETE /api/invitations/invitation-1/", json({ success: true }));
    });
    const table = await screen.findByRole("table", { name: "Pending invitations to Operations" });
    expect(within(table).getByRole("rowheader", { name: "Omar Haddad" })).toBeInTheDocument();

    answerTeams(fake, { invitations: { "team-1": [] } });
    await userEvent.click(within(table).getByRole("button", { name: "Revoke invitation for Omar.Haddad@Example.com" }));

    expect(await screen.findByText("The invitation for Omar.Haddad@Example.com was revoked.")).toBeInTheDocument();
    expect(await screen.findByText("No pending invitations.")).toBeInTheDocument();
    expect(fake.calls("DELETE /api/invitations/invitation-1/")).toHaveLength(1);
  });

  it("asks for first name, last name and email", async () => {
    const { fake } = await renderTeamSettings();

    const form = await fillInvite({ firstName: "Omar" });

    expect(await within(form).findByRole("alert")).toHaveTextContent("First name, last name, and email are required.");
    expect(within(form).getByRole("textbox", { name: /^Last name/ })).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("textbox", { name: /^Email/ })).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("textbox", { name: /^First name/ })).not.toHaveAttribute("aria-invalid", "true");
    expect(fake.calls("POST /api/teams/team-1/invitations/")).toHaveLength(0);
  });

  it("asks for a valid email address", async () => {
    const { fake } = await renderTeamSettings();

    const form = await fillInvite({ firstName: "Lena", lastName: "Berg", email: "lena@example" });

    expect(await within(form).findByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(fake.calls("POST /api/teams/team-1/invitations/")).toHaveLength(0);
  });

  it("refuses an address already invited to this team, ignoring case", async () => {
    const { fake } = await renderTeamSettings();
    await screen.findByRole("table", { name: "Pending invitations to Operations" });

    const form = await fillInvite({ firstName: "Omar", lastName: "Haddad", email: "omar.haddad@EXAMPLE.com" });

    expect(
      await within(form).findByText("This email address has already been invited to this team."),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/teams/team-1/invitations/")).toHaveLength(0);
  });

  it("shows the server's duplicate refusal under the email field", async () => {
    await renderTeamSettings(manager, (fake) => {
      answerTeams(fake, { invitations: { "team-1": [] } });
      fake.on(
        "POST /api/teams/team-1/invitations/",
        refusal(409, "invitation.duplicate", "This email address has already been invited to this team."),
      );
    });

    const form = await fillInvite({ firstName: "Lena", lastName: "Berg", email: "lena@example.com" });

    expect(
      await within(form).findByText("This email address has already been invited to this team."),
    ).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Email/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("sends the invitation with the invited member's fields and clears the form", async () => {
    const { fake } = await renderTeamSettings(manager, (fake) => {
      answerTeams(fake);
      fake.on(
        "POST /api/teams/team-1/invitations/",
        json({ success: true, invitation: buildInvitation({ id: "invitation-2", email: "lena@example.com" }) }),
      );
    });
    expect(within(inviteForm()).queryByRole("checkbox", { name: "Grant Admin Permissions" })).not.toBeInTheDocument();

    await userEvent.selectOptions(within(inviteForm()).getByRole("combobox", { name: "Role" }), "Manager");
    const form = await fillInvite({ firstName: "Lena", lastName: "Berg", email: " lena@example.com " });

    expect(await within(form).findByRole("status")).toHaveTextContent("Invitation sent to lena@example.com.");
    expect(fake.calls("POST /api/teams/team-1/invitations/")[0]?.body).toEqual({
      firstName: "Lena",
      lastName: "Berg",
      email: "lena@example.com",
      role: "manager",
      isAdmin: false,
    });
    expect(within(form).getByRole("textbox", { name: /^First name/ })).toHaveValue("");
    await waitFor(() => expect(fake.calls("GET /api/teams/team-1/invitations/").length).toBeGreaterThan(1));
  });

  it("lets an admin grant admin permissions to the invited member", async () => {
    const { fake } = await renderTeamSettings(admin, (fake) => {
      answerTeams(fake);
      fake.on(
        "POST /api/teams/team-1/invitations/",
        json({ success: true, invitation: buildInvitation({ id: "invitation-2", is_admin: true }) }),
      );
    });

    await userEvent.click(within(inviteForm()).getByRole("checkbox", { name: "Grant Admin Permissions" }));
    await fillInvite({ firstName: "Lena", lastName: "Berg", email: "lena@example.com" });

    await waitFor(() => expect(fake.calls("POST /api/teams/team-1/invitations/")).toHaveLength(1));
    expect(fake.calls("POST /api/teams/team-1/invitations/")[0]?.body).toMatchObject({ isAdmin: true });
  });
});

describe("team and company settings in German", () => {
  it("shows a team's members, its invitations and the invite form in German", async () => {
    await renderInGerman(manager, "/app/settings/team", (fake) => answerTeams(fake));

    const table = await screen.findByRole("table", { name: "Mitglieder von Operations" }, { timeout: 8000 });
    expect(screen.getByRole("region", { name: "Mitglieder von Operations" })).toBeInTheDocument();
    expect(screen.getByText("2 Mitglieder")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Teamleitung" })).toBeInTheDocument();
    expect(within(table).getByRole("switch", { name: "Teamleitung: Priya Patel" })).not.toBeChecked();
    expect(within(table).getByRole("button", { name: "Priya Patel aus Operations entfernen" })).toHaveTextContent(
      "Entfernen",
    );
    const invitations = await screen.findByRole("table", { name: "Offene Einladungen in Operations" });
    expect(
      within(invitations).getByRole("button", { name: "Einladung für Omar.Haddad@Example.com zurückziehen" }),
    ).toHaveTextContent("Zurückziehen");
    const form = screen.getByRole("form", { name: "Jemanden in Operations einladen" });
    expect(within(form).getByRole("textbox", { name: /^Vorname/ })).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Einladung senden" })).toBeInTheDocument();
  });

  // Company Settings is the heaviest page: under load its first render can take seconds.
  it("shows the company's team and user management in German", async () => {
    await renderInGerman(admin, "/app/settings/company", (fake) => {
      fake.on(
        "GET /api/company/",
        json({
          success: true,
          company: { id: "company-1", name: "Acme", member_count: 3, teams: [operations], default_language: "de" },
        }),
      );
      fake.on("GET /api/teams/", json({ success: true, teams: [operations, logistics] }));
      fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
    });

    const teams = await screen.findByRole("region", { name: "Teamverwaltung" }, { timeout: 15000 });
    expect(await within(teams).findByRole("button", { name: "Team Logistics umbenennen" })).toHaveTextContent(
      "Umbenennen",
    );
    expect(within(teams).getByRole("button", { name: "Team Logistics löschen" })).toHaveTextContent("Löschen");
    expect(within(teams).getByRole("button", { name: "Team anlegen" })).toBeInTheDocument();
    const users = screen.getByRole("region", { name: "Personenverwaltung" });
    expect(within(users).getByRole("searchbox", { name: "Personen suchen" })).toBeInTheDocument();
    expect(await within(users).findByText("Noch keine Personen.")).toBeInTheDocument();
    const company = screen.getByRole("region", { name: "Unternehmen" });
    expect(await within(company).findByText("3 Mitglieder in 1 Team.")).toBeInTheDocument();
    expect(within(company).getByRole("button", { name: "Beitrittspasswort ändern" })).toBeInTheDocument();
  }, 30_000);
});
