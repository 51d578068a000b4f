import type { CompanyUser, TeamSummary } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the settings page; imported here so that its first load is not timed by a test.
import "./company-settings.tsx";
import { buildChallenge, CHALLENGES_ROUTE, challengePage } from "../../features/ideas/ideas-fixtures.ts";
import { type FakeApi, json, type RecordedRequest } from "../../test/fake-api.ts";
import { admin, buildCompanyUser, buildTeam, refusal, renderSettings } from "../../test/settings-fixtures.ts";

const operations = buildTeam({ id: "team-1", name: "Operations", member_count: 2 });
const logistics = buildTeam({ id: "team-2", name: "Logistics", member_count: 0 });
const priya = buildCompanyUser({ id: "user-9", display_name: "Priya Patel", email: "priya@example.com" });
const alex = buildCompanyUser({
  id: "admin-1",
  display_name: "Alex Admin",
  email: "alex@example.com",
  role: "manager",
  is_admin: true,
  team: [{ id: "team-1", name: "Operations", is_manager: true }],
});

function companyOf(name: string, teams: TeamSummary[]) {
  return { success: true, company: { id: "company-1", name, member_count: 2, teams, default_language: "en" } };
}

function answerCompany(fake: FakeApi, options: { teams?: TeamSummary[]; users?: CompanyUser[] } = {}) {
  const teams = options.teams ?? [operations, logistics];
  fake.on("GET /api/company/", json(companyOf("Acme", teams)));
  fake.on("GET /api/teams/", json({ success: true, teams }));
  fake.on("GET /api/company/users/", json({ success: true, users: options.users ?? [alex, priya], next_cursor: null }));
}

async function renderCompanySettings(setup: (fake: FakeApi) => void = (fake) => answerCompany(fake)) {
  const app = await renderSettings(admin, "/app/settings/company", setup);
  await screen.findByRole("heading", { level: 2, name: "Company settings" });
  return app;
}

function region(name: string) {
  return screen.getByRole("region", { name });
}

/** The tour marker around a section's heading. */
function headingMarker(name: string) {
  return within(region(name)).getByRole("heading", { name }).closest("[data-tour]");
}

describe("company settings: the company", () => {
  it("renames the company", async () => {
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("PATCH /api/company/", json(companyOf("Acme Europe", [operations, logistics])));
    });
    const form = await screen.findByRole("form", { name: "Company name" });
    const name = within(form).getByRole("textbox", { name: /^Company name/ });
    expect(name).toHaveValue("Acme");

    await userEvent.clear(name);
    await userEvent.type(name, "Acme Europe");
    await userEvent.click(within(form).getByRole("button", { name: "Save name" }));

    expect(await within(form).findByRole("status")).toHaveTextContent("The company is now called Acme Europe.");
    expect(fake.calls("PATCH /api/company/")[0]?.body).toEqual({ name: "Acme Europe" });
  });

  it("shows a taken company name under the field", async () => {
    await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("PATCH /api/company/", refusal(409, "company.name_taken", "A company with this name already exists."));
    });
    const form = await screen.findByRole("form", { name: "Company name" });

    await userEvent.click(within(form).getByRole("button", { name: "Save name" }));

    expect(await within(form).findByText("A company with this name already exists.")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Company name/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("changes the join password", async () => {
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("PATCH /api/company/", json(companyOf("Acme", [operations, logistics])));
    });
    const form = await screen.findByRole("form", { name: "Join password" });

    await userEvent.click(within(form).getByRole("button", { name: "Change join password" }));
    expect(await within(form).findByText("Please enter a join password.")).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/^New join password/), "open sesame");
    await userEvent.click(within(form).getByRole("button", { name: "Change join password" }));

    expect(await within(form).findByRole("status")).toHaveTextContent("The join password has been changed.");
    expect(fake.calls("PATCH /api/company/")).toHaveLength(1);
    expect(fake.calls("PATCH /api/company/")[0]?.body).toEqual({ password: "open sesame" });
  });

  it("shows an error with a way to try again when the company cannot load", async () => {
    await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("GET /api/company/", refusal(404, "request.not_found", "The requested resource was not found."));
    });

    const section = region("Company");
    expect(await within(section).findByRole("alert")).toHaveTextContent("Could not load the company.");
    expect(within(section).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("company settings: team management", () => {
  it("is marked for the admin tour", async () => {
    await renderCompanySettings();

    // The marker is on the section's heading row, which fits on a phone's screen with the step.
    expect(headingMarker("Team management")).toHaveAttribute("data-tour", "team-management");
    expect(headingMarker("User management")).toHaveAttribute("data-tour", "user-management");
    expect(await within(region("Team management")).findByRole("table", { name: "Teams" })).toBeInTheDocument();
  });

  it("puts each wide table in a named scroll region that keyboard users can focus on a narrow screen", async () => {
    await renderCompanySettings();

    for (const [section, name] of [
      ["Team management", "Teams"],
      ["User management", "Users"],
    ] as const) {
      const scroller = await within(region(section)).findByRole("region", { name: `${name} table` });
      expect(scroller).toHaveAttribute("tabindex", "0");
      expect(within(scroller).getByRole("table", { name })).toBeInTheDocument();
    }
  });

  it("creates a team", async () => {
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("POST /api/teams/", json({ success: true, team: buildTeam({ id: "team-3", name: "Research" }) }));
    });
    const section = region("Team management");
    await within(section).findByRole("table", { name: "Teams" });

    await userEvent.type(within(section).getByRole("textbox", { name: /^New team name/ }), "Research");
    await userEvent.click(within(section).getByRole("button", { name: "Create team" }));

    expect(await within(section).findByText("Team Research was created.")).toBeInTheDocument();
    expect(fake.calls("POST /api/teams/")[0]?.body).toEqual({ name: "Research" });
  });

  it("asks for a team name, and refuses one that exists, ignoring case, naming it as the company wrote it", async () => {
    const { fake } = await renderCompanySettings();
    const section = region("Team management");
    await within(section).findByRole("table", { name: "Teams" });

    await userEvent.click(within(section).getByRole("button", { name: "Create team" }));
    expect(await within(section).findByText("Please enter a team name.")).toBeInTheDocument();

    await userEvent.type(within(section).getByRole("textbox", { name: /^New team name/ }), "operations");
    await userEvent.click(within(section).getByRole("button", { name: "Create team" }));
    expect(await within(section).findByText('Team "Operations" already exists.')).toBeInTheDocument();
    expect(fake.calls("POST /api/teams/")).toHaveLength(0);
  });

  it("renames a team", async () => {
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("PATCH /api/teams/team-2/", json({ success: true, team: { ...logistics, name: "Supply chain" } }));
    });
    const section = region("Team management");

    await userEvent.click(await within(section).findByRole("button", { name: "Rename team Logistics" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename Logistics" });
    const name = within(dialog).getByRole("textbox", { name: /^Team name/ });
    await userEvent.clear(name);
    await userEvent.type(name, "Supply chain");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(section).findByText("Team Logistics is now called Supply chain.")).toBeInTheDocument();
    expect(fake.calls("PATCH /api/teams/team-2/")[0]?.body).toEqual({ name: "Supply chain" });
  });

  it("shows the server's refusal of a rename under the field", async () => {
    await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("PATCH /api/teams/team-2/", refusal(409, "team.name_taken", "A team with this name already exists."));
    });

    await userEvent.click(await screen.findByRole("button", { name: "Rename team Logistics" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename Logistics" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Team name/ }), " 2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText("A team with this name already exists.")).toBeInTheDocument();
  });

  it("shows why a team cannot be deleted", async () => {
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on(
        "DELETE /api/teams/team-1/",
        refusal(409, "team.not_empty", "Move or remove the team's members before deleting it."),
      );
    });

    await userEvent.click(await screen.findByRole("button", { name: "Delete team Operations" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete team" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete team" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Move or remove the team's members before deleting it.",
    );
    expect(fake.calls("DELETE /api/teams/team-1/")).toHaveLength(1);
  });

  it("deletes an empty team", async () => {
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("DELETE /api/teams/team-2/", json({ success: true, archived: false }));
    });

    await userEvent.click(await screen.findByRole("button", { name: "Delete team Logistics" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete team" });
    answerCompany(fake, { teams: [operations] });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete team" }));

    expect(await screen.findByText("Team Logistics was deleted.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Delete team Logistics" })).not.toBeInTheDocument(),
    );
  });
});

describe("company settings: user management", () => {
  async function renderUsers(setup?: (fake: FakeApi) => void) {
    const app = await renderCompanySettings((fake) => {
      answerCompany(fake);
      setup?.(fake);
    });
    const section = region("User management");
    await within(section).findByRole("table", { name: "Users" });
    return { ...app, section };
  }

  it("lists users with role, admin flag, team and status", async () => {
    const { section } = await renderUsers();

    expect(within(section).getByRole("combobox", { name: "Role of Priya Patel" })).toHaveValue("employee");
    expect(within(section).getByRole("switch", { name: "Administrator: Priya Patel" })).not.toBeChecked();
    expect(within(section).getByRole("switch", { name: "Administrator: Alex Admin" })).toBeChecked();
    expect(within(section).getByRole("combobox", { name: "Team of Priya Patel" })).toHaveValue("team-1");
    expect(within(section).getByRole("button", { name: "Deactivate Priya Patel" })).toBeInTheDocument();
  });

  it("names the other teams of a person in several, as a list in words", async () => {
    const inThree = {
      ...priya,
      team: [
        { id: "team-1", name: "Operations", is_manager: false },
        { id: "team-2", name: "Logistics", is_manager: false },
        { id: "team-3", name: "Sales", is_manager: false },
      ],
    };
    const { section } = await renderUsers((fake) => answerCompany(fake, { users: [alex, inThree] }));

    expect(
      within(section).getByText("Also in Logistics and Sales; choosing a team moves them to that one only."),
    ).toBeInTheDocument();
  });

  it("changes a role and says so", async () => {
    const { fake, section } = await renderUsers((fake) =>
      fake.on("PATCH /api/company/users/user-9/", json({ success: true, user: { ...priya, role: "manager" } })),
    );

    answerCompany(fake, { users: [alex, { ...priya, role: "manager" }] });
    await userEvent.selectOptions(within(section).getByRole("combobox", { name: "Role of Priya Patel" }), "Manager");

    expect(await within(section).findByText("Priya Patel is now a manager.")).toBeInTheDocument();
    expect(fake.calls("PATCH /api/company/users/user-9/")[0]?.body).toEqual({ role: "manager" });
    expect(within(section).getByRole("combobox", { name: "Role of Priya Patel" })).toHaveValue("manager");
  });

  it("moves a user to another team", async () => {
    const { fake, section } = await renderUsers((fake) =>
      fake.on(
        "PATCH /api/company/users/user-9/",
        json({ success: true, user: { ...priya, team: [{ id: "team-2", name: "Logistics", is_manager: false }] } }),
      ),
    );

    await userEvent.selectOptions(within(section).getByRole("combobox", { name: "Team of Priya Patel" }), "Logistics");

    expect(await within(section).findByText("Priya Patel moved to Logistics.")).toBeInTheDocument();
    expect(fake.calls("PATCH /api/company/users/user-9/")[0]?.body).toEqual({ team_id: "team-2" });
  });

  it("deactivates a user after confirmation", async () => {
    const { fake, section } = await renderUsers((fake) =>
      fake.on("PATCH /api/company/users/user-9/", json({ success: true, user: { ...priya, is_active: false } })),
    );

    await userEvent.click(within(section).getByRole("button", { name: "Deactivate Priya Patel" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate user" });
    answerCompany(fake, { users: [alex, { ...priya, is_active: false }] });
    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    expect(await within(section).findByText("Priya Patel was deactivated.")).toBeInTheDocument();
    expect(fake.calls("PATCH /api/company/users/user-9/")[0]?.body).toEqual({ is_active: false });
    expect(await within(section).findByRole("button", { name: "Reactivate Priya Patel" })).toBeInTheDocument();
  });

  it("erases a person once their name is typed as shown, and says so", async () => {
    const { fake, section } = await renderUsers((fake) =>
      fake.on("DELETE /api/company/users/user-9/", json({ success: true })),
    );

    await userEvent.click(within(section).getByRole("button", { name: "Erase Priya Patel" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase Priya Patel?" });
    expect(dialog).toHaveTextContent(/Their ideas, comments, votes and points stay, shown under “Former colleague”/);
    const typed = within(dialog).getByRole("textbox", { name: /Type Priya Patel to confirm/ });
    await userEvent.type(typed, "Priya");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase for good" }));
    expect(await within(dialog).findByText("Type the name exactly as shown.")).toBeInTheDocument();
    expect(fake.calls("DELETE /api/company/users/user-9/")).toEqual([]);

    answerCompany(fake, { users: [alex] });
    await userEvent.type(typed, " Patel");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase for good" }));

    expect(await within(section).findByText("Priya Patel's personal data was erased.")).toBeInTheDocument();
    expect(fake.calls("DELETE /api/company/users/user-9/")).toHaveLength(1);
    await waitFor(() =>
      expect(within(section).queryByRole("button", { name: "Erase Priya Patel" })).not.toBeInTheDocument(),
    );
  });

  it("offers no Erase for the admin's own account, and shows a refusal in the dialog", async () => {
    const { section } = await renderUsers((fake) =>
      fake.on(
        "DELETE /api/company/users/user-9/",
        refusal(
          409,
          "company.last_admin",
          "The company needs at least one active administrator. Make someone else an administrator first.",
        ),
      ),
    );

    expect(within(section).queryByRole("button", { name: "Erase Alex Admin" })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Erase Priya Patel" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase Priya Patel?" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Type Priya Patel to confirm/ }), "Priya Patel");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase for good" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The company needs at least one active administrator.",
    );
  });

  it("shows the server's message when a change is refused, and keeps the old value", async () => {
    const { section } = await renderUsers((fake) =>
      fake.on(
        "PATCH /api/company/users/admin-1/",
        refusal(
          409,
          "company.last_admin",
          "The company needs at least one active administrator. Make someone else an administrator first.",
        ),
      ),
    );

    await userEvent.click(within(section).getByRole("switch", { name: "Administrator: Alex Admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove your administrator rights" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove my rights" }));

    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "The company needs at least one active administrator. Make someone else an administrator first.",
    );
    expect(within(section).getByRole("switch", { name: "Administrator: Alex Admin" })).toBeChecked();
  });

  it("searches users", async () => {
    const { fake, section } = await renderUsers();
    fake.on("GET /api/company/users/", (request: RecordedRequest) =>
      json({
        success: true,
        users: new URL(request.url, "http://localhost").searchParams.get("q") === "priya" ? [priya] : [alex, priya],
        next_cursor: null,
      }),
    );

    await userEvent.type(within(section).getByRole("searchbox", { name: "Search users" }), "priya");

    await waitFor(() =>
      expect(within(section).queryByRole("switch", { name: "Administrator: Alex Admin" })).not.toBeInTheDocument(),
    );
    expect(fake.calls("GET /api/company/users/").some((request) => request.url.includes("q=priya"))).toBe(true);
  });

  it("says when no user matches the search", async () => {
    const { fake, section } = await renderUsers();
    fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));

    await userEvent.type(within(section).getByRole("searchbox", { name: "Search users" }), "nobody");

    expect(await within(section).findByText('No users match "nobody".')).toBeInTheDocument();
  });

  it("loads more users page by page", async () => {
    const lee = buildCompanyUser({ id: "user-10", display_name: "Lee Logistics", email: "lee@example.com" });
    const { fake, section } = await renderUsers((fake) =>
      fake.on("GET /api/company/users/", (request: RecordedRequest) =>
        new URL(request.url, "http://localhost").searchParams.get("cursor") === "page-2"
          ? json({ success: true, users: [lee], next_cursor: null })
          : json({ success: true, users: [alex, priya], next_cursor: "page-2" }),
      ),
    );

    await userEvent.click(within(section).getByRole("button", { name: "Load more users" }));

    expect(await within(section).findByRole("switch", { name: "Administrator: Lee Logistics" })).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Load more users" })).not.toBeInTheDocument();
    expect(fake.calls("GET /api/company/users/").at(-1)?.url).toContain("cursor=page-2");
  });
});

describe("company settings: proposals and what comes later", () => {
  it("lists the proposed company challenges under the Proposed challenges tab, to approve or deny", async () => {
    const proposal = buildChallenge({
      title: "Four-day week",
      scope: "company",
      status: "proposed",
      team_id: null,
      can_decide: true,
    });
    await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on(CHALLENGES_ROUTE, json(challengePage([proposal])));
    });

    const tab = screen.getByRole("tab", { name: "Proposed challenges" });
    expect(tab).toHaveAttribute("data-tour", "proposed-challenges-tab");
    await userEvent.click(tab);

    const section = await screen.findByRole("region", { name: "Proposed challenges" });
    expect(await within(section).findByText("Four-day week")).toBeVisible();
    expect(within(section).getByRole("button", { name: /Approve/ })).toBeEnabled();
    expect(within(section).getByRole("button", { name: /Deny/ })).toBeEnabled();
  });

  it("approves a proposed company challenge from the Proposed challenges tab", async () => {
    const proposal = buildChallenge({
      id: "challenge-7",
      title: "Four-day week",
      scope: "company",
      status: "proposed",
      team_id: null,
      can_decide: true,
    });
    const { fake } = await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on(CHALLENGES_ROUTE, json(challengePage([proposal])));
      fake.on(
        "POST /api/challenges/challenge-7/decision/",
        json({ success: true, challenge: { ...proposal, status: "active", can_decide: false } }),
      );
    });
    await userEvent.click(screen.getByRole("tab", { name: "Proposed challenges" }));
    const section = await screen.findByRole("region", { name: "Proposed challenges" });

    await userEvent.click(await within(section).findByRole("button", { name: "Approve Four-day week" }));

    expect(
      await within(section).findByText('"Four-day week" is approved and live for the whole company.'),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/challenge-7/decision/")[0]?.body).toEqual({ approved: true });
  });

  it("has the analytics overview, marked for the admin tour, saying why when the server refuses its figures", async () => {
    await renderCompanySettings((fake) => {
      answerCompany(fake);
      fake.on("GET /api/analytics/overview/", json({ success: false, error: "Not now." }, { status: 403 }));
    });

    const overview = region("Analytics overview");
    expect(headingMarker("Analytics overview")).toHaveAttribute("data-tour", "analytics-overview");
    expect(await within(overview).findByRole("combobox", { name: "Period" })).toHaveValue("30d");
    expect(await within(overview).findByRole("alert")).toHaveTextContent(
      "Could not load the analytics. Not now.Try again",
    );
    expect(within(overview).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
