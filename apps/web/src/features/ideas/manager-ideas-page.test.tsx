import { TOUR_STEPS } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./idea-detail.tsx";
import { buildUser } from "../../test/factories.ts";
import { json } from "../../test/fake-api.ts";
import {
  admin,
  buildAction,
  buildChallenge,
  buildIdea,
  buildIdeaDetail,
  LOGISTICS_ID,
  logistics,
  manager,
  OPERATIONS_ID,
  operations,
  queryOf,
  refusal,
  renderManagerPage,
} from "./manager-ideas-fixtures.ts";

function submissions() {
  return screen.getByRole("region", { name: "Team submissions" });
}

describe("manager ideas page: team display", () => {
  it("shows the team the manager manages with its member count", async () => {
    await renderManagerPage(manager, { teams: [operations] });
    const display = screen.getByRole("region", { name: "Your team" });
    expect(display).toHaveAttribute("data-tour", "team-display");
    expect(within(display).getByText("Operations")).toBeInTheDocument();
    expect(await within(display).findByText("5 members")).toBeInTheDocument();
  });

  it("lets a manager of two teams choose whose submissions to see", async () => {
    const twoTeams = buildUser({
      ...manager,
      team: [
        { id: OPERATIONS_ID, name: "Operations", is_manager: true },
        { id: LOGISTICS_ID, name: "Logistics", is_manager: true },
      ],
    });
    const { fake } = await renderManagerPage(twoTeams, {
      teams: [operations, logistics],
      ideas: [
        buildIdea({ title: "From operations", team_id: OPERATIONS_ID }),
        buildIdea({ title: "From logistics", team_id: LOGISTICS_ID, team_name: "Logistics" }),
      ],
    });
    const display = screen.getByRole("region", { name: "Your teams" });
    expect(await within(display).findByText("1 member")).toBeInTheDocument();
    expect(within(display).getByRole("radio", { name: "Operations" })).toBeChecked();
    await within(submissions()).findByRole("article", { name: "From operations" });

    await userEvent.click(within(display).getByRole("radio", { name: "Logistics" }));

    expect(await within(submissions()).findByRole("article", { name: "From logistics" })).toBeInTheDocument();
    expect(within(submissions()).queryByRole("article", { name: "From operations" })).not.toBeInTheDocument();
    expect(queryOf(fake.calls("GET /api/project-ideas/").at(-1))).toMatchObject({ team: LOGISTICS_ID });
  });

  it("lets an admin see every team's submissions", async () => {
    const { fake } = await renderManagerPage(admin, { teams: [operations, logistics] });
    const display = screen.getByRole("region", { name: "Your team" });
    await userEvent.click(within(display).getByRole("radio", { name: "All teams" }));

    await waitFor(() => expect(queryOf(fake.calls("GET /api/project-ideas/").at(-1))).not.toHaveProperty("team"));
    expect(within(submissions()).getByText(/Ideas from every team/)).toBeInTheDocument();
  });
});

describe("manager ideas page: team submissions", () => {
  const ideas = [
    buildIdea({ title: "Fresh idea", status: "submitted" }),
    buildIdea({ title: "Being read", status: "under_review" }),
    buildIdea({ title: "Back again", status: "revision_submitted" }),
    buildIdea({ title: "Good one", status: "approved" }),
  ];

  it("lists the team's submitted ideas and filters them by status", async () => {
    const { fake } = await renderManagerPage(manager, { ideas });

    await within(submissions()).findByRole("article", { name: "Fresh idea" });
    expect(within(submissions()).getAllByRole("article")).toHaveLength(4);
    const first = queryOf(fake.calls("GET /api/project-ideas/")[0]);
    expect(first.team).toBe(OPERATIONS_ID);
    expect(first.status?.split(",")).not.toContain("draft");

    await userEvent.click(within(submissions()).getByRole("tab", { name: "Submitted" }));
    await waitFor(() => expect(within(submissions()).getAllByRole("article")).toHaveLength(2));
    expect(within(submissions()).getByRole("article", { name: "Back again" })).toHaveTextContent("Revision submitted");
    expect(queryOf(fake.calls("GET /api/project-ideas/").at(-1)).status?.split(",").sort()).toEqual([
      "revision_submitted",
      "submitted",
    ]);

    await userEvent.click(within(submissions()).getByRole("tab", { name: "Approved" }));
    await waitFor(() => expect(within(submissions()).getAllByRole("article")).toHaveLength(1));
    expect(within(submissions()).getByRole("article", { name: "Good one" })).toBeInTheDocument();

    await userEvent.click(within(submissions()).getByRole("tab", { name: "Needs revision" }));
    expect(await within(submissions()).findByText('No submissions in "Needs revision".')).toBeInTheDocument();
  });

  it("marks an under-review card for the tour, else the first card", async () => {
    const { container } = await renderManagerPage(manager, { ideas });
    await within(submissions()).findByRole("article", { name: "Being read" });
    expect(container.querySelectorAll('[data-tour="under-review-card"]')).toHaveLength(1);
    expect(container.querySelector('[data-tour="under-review-card"]')).toBe(
      within(submissions()).getByRole("article", { name: "Being read" }),
    );

    await userEvent.click(within(submissions()).getByRole("tab", { name: "Approved" }));
    await waitFor(() =>
      expect(container.querySelector('[data-tour="under-review-card"]')).toBe(
        within(submissions()).getByRole("article", { name: "Good one" }),
      ),
    );
  });

  it("opens the idea detail from a card", async () => {
    const idea = buildIdea({ id: "idea-42", title: "Being read", status: "under_review" });
    await renderManagerPage(manager, { ideas: [idea] }, (fake) => {
      fake.on(
        "GET /api/project-ideas/idea-42/",
        json({
          success: true,
          idea: buildIdeaDetail({ ...idea, allowed_transitions: ["needs_revision", "approved", "rejected"] }),
        }),
      );
    });

    await userEvent.click(await within(submissions()).findByRole("button", { name: "Being read" }));

    const dialog = await screen.findByRole("dialog", { name: "Being read" });
    expect(await within(dialog).findByRole("button", { name: "Approve" })).toBeInTheDocument();
  });

  it("renders idea text as text", async () => {
    const { container } = await renderManagerPage(manager, {
      ideas: [buildIdea({ title: "<img src=x onerror=alert(1)>", description: "<b>bold</b>" })],
    });
    expect(await within(submissions()).findByText("<b>bold</b>")).toBeInTheDocument();
    expect(within(submissions()).getByRole("button", { name: "<img src=x onerror=alert(1)>" })).toBeInTheDocument();
    expect(container.querySelector("img[src='x']")).toBeNull();
  });

  it("lets a manager answer a challenge with an idea of their own and follow their own ideas", async () => {
    const challenge = buildChallenge({ title: "Fewer night shifts", scope: "team" });
    const own = buildIdea({ title: "My earlier idea", author: { id: manager.id, display_name: "Sam Manager" } });
    const { fake } = await renderManagerPage(manager, { challenges: [challenge], ownIdeas: [own] }, (fake) => {
      fake.on("GET /api/project-ideas/similar/", json({ success: true, ideas: [] }));
      fake.on("POST /api/project-ideas/", json({ success: true, idea: buildIdea({ title: "Rotate the rota" }) }));
    });
    const mine = await screen.findByRole("region", { name: "Your submissions" });
    expect(await within(mine).findByRole("article", { name: "My earlier idea" })).toBeInTheDocument();

    const card = screen.getByRole("article", { name: "Fewer night shifts" });
    await userEvent.click(within(card).getByRole("button", { name: "Submit an idea for Fewer night shifts" }));
    const box = screen.getByRole("region", { name: "Brain dump" });
    expect(within(box).getByRole("group", { name: "Challenge you are answering" })).toHaveTextContent(
      "Fewer night shifts",
    );
    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "Rotate the rota");
    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));
    await waitFor(() =>
      expect(fake.calls("POST /api/project-ideas/")[0]?.body).toEqual({
        title: "Rotate the rota",
        description: "",
        draft: true,
        challenge_id: challenge.id,
      }),
    );
  });

  it("gives a new team the next steps: post the first challenge, invite the team", async () => {
    const { router } = await renderManagerPage(manager, { ideas: [], challenges: [] });
    const challenges = screen.getByRole("region", { name: "Challenges" });
    expect(await within(challenges).findByText("No active team challenges.")).toBeInTheDocument();
    await userEvent.click(within(challenges).getByRole("button", { name: "Post your first challenge" }));
    expect(await screen.findByRole("dialog", { name: "New challenge" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");

    expect(
      await within(submissions()).findByText("No submissions yet. Every colleague you invite can put ideas forward."),
    ).toBeInTheDocument();
    await userEvent.click(within(submissions()).getByRole("link", { name: "Invite your team" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/settings/team"));
  });

  it("says when the submissions could not load", async () => {
    await renderManagerPage(manager, {}, (fake) =>
      fake.on(
        "GET /api/project-ideas/",
        refusal(403, "auth.forbidden", "You do not have permission to perform this action."),
      ),
    );
    expect(await within(submissions()).findByRole("alert")).toHaveTextContent(
      "Could not load the submissions. You do not have permission to perform this action.",
    );
  });
});

describe("manager ideas page: tour targets", () => {
  it("has every target of the manager ideas tour on the page", async () => {
    const { container } = await renderManagerPage(manager, {
      challenges: [buildChallenge({ title: "A challenge" })],
      ideas: [buildIdea({ title: "An idea", status: "under_review" })],
      actions: [buildAction()],
    });
    await within(submissions()).findByRole("article", { name: "An idea" });
    await screen.findByRole("article", { name: "A challenge" });

    for (const step of TOUR_STEPS.managerIdeas) {
      expect(container.querySelector(`[data-tour="${step.target}"]`), step.target).not.toBeNull();
    }
  });
});
