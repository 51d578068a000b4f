import { type Idea, TOUR_STEPS } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./idea-detail.tsx";
import { json } from "../../test/fake-api.ts";
import {
  buildChallenge,
  buildIdea,
  buildIdeaDetail,
  CHALLENGES_ROUTE,
  challengePage,
  detailRoute,
  ideaPage,
  LIST_ROUTE,
  queryOf,
  refusal,
  renderEmployeeIdeas,
} from "./ideas-fixtures.ts";

function submissions() {
  return screen.getByRole("region", { name: /^(Your submissions|Ideas you can see)$/ });
}

/** Answers the list by the `status` filter, as the server would. */
function answerByStatus(ideas: Idea[]) {
  return (request: { url: string }) => {
    const statuses = queryOf(request).status?.split(",");
    return json(ideaPage(statuses ? ideas.filter((idea) => statuses.includes(idea.status)) : ideas));
  };
}

describe("the active submissions", { timeout: 20_000 }, () => {
  const draft = buildIdea({ title: "Draft about bikes", status: "draft", submitted_at: null, can_edit: true });
  const waiting = buildIdea({ title: "Waiting for review", status: "submitted" });
  const resubmitted = buildIdea({ title: "Back after a revision", status: "revision_submitted" });
  const reviewing = buildIdea({ title: "Being reviewed", status: "under_review" });
  const revise = buildIdea({ title: "Needs more detail", status: "needs_revision", can_edit: true });
  const approved = buildIdea({ title: "Approved one", status: "approved", votes: 3, comment_count: 1 });
  const all = [draft, waiting, resubmitted, reviewing, revise, approved];

  it("lists the user's own ideas by status, each card with its badge and counts", async () => {
    const { fake } = await renderEmployeeIdeas((fake) => fake.on(LIST_ROUTE, answerByStatus(all)));
    const section = submissions();

    const cards = await within(section).findAllByRole("article");
    expect(cards.map((card) => within(card).getAllByRole("button")[0]?.textContent)).toEqual(all.map((i) => i.title));
    const approvedCard = within(section).getByRole("article", { name: "Approved one" });
    expect(approvedCard).toHaveTextContent("Approved");
    expect(approvedCard).toHaveTextContent("3 votes");
    expect(approvedCard).toHaveTextContent("1 comment");
    expect(queryOf(fake.calls(LIST_ROUTE)[0])).toMatchObject({ mine: "true" });
    expect(queryOf(fake.calls(LIST_ROUTE)[0]).status).toBeUndefined();
  });

  it("filters by status through the menu", async () => {
    const { fake } = await renderEmployeeIdeas((fake) => fake.on(LIST_ROUTE, answerByStatus(all)));
    const section = submissions();
    const menu = within(section).getByRole("tablist", { name: "Filter by status" });
    expect(menu).toHaveAttribute("data-tour", "active-submissions");
    expect(
      within(menu)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["All", "Drafts", "Submitted", "Under review", "Needs revision", "Approved", "Rejected"]);

    await userEvent.click(within(menu).getByRole("tab", { name: "Submitted" }));
    expect(await within(section).findByRole("article", { name: "Back after a revision" })).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole("article")
        .map((card) => card.textContent),
    ).toEqual([expect.stringContaining("Waiting for review"), expect.stringContaining("Back after a revision")]);
    expect(queryOf(fake.calls(LIST_ROUTE).at(-1))).toMatchObject({
      mine: "true",
      status: "revision_submitted,submitted",
    });

    await userEvent.click(within(menu).getByRole("tab", { name: "Needs revision" }));
    expect(await within(section).findByRole("article", { name: "Needs more detail" })).toBeInTheDocument();
    expect(within(section).getAllByRole("article")).toHaveLength(1);
    expect(within(section).getByRole("button", { name: "Revise Needs more detail" })).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole("tab", { name: "Rejected" }));
    expect(await within(section).findByText("No rejected ideas.")).toBeInTheDocument();
  });

  it("switches to everyone's ideas, showing authors", async () => {
    const colleague = buildIdea({ title: "A colleague's idea", author: { id: "user-7", display_name: "Omar Haddad" } });
    const { fake } = await renderEmployeeIdeas((fake) =>
      fake.on(LIST_ROUTE, (request) => json(ideaPage(queryOf(request).mine ? [] : [colleague]))),
    );

    await userEvent.click(within(submissions()).getByRole("radio", { name: "Team and company" }));

    const card = await within(submissions()).findByRole("article", { name: "A colleague's idea" });
    expect(card).toHaveTextContent("by Omar Haddad");
    // An employee sees their teams' ideas and the answers to company challenges, and is told so.
    expect(screen.getByRole("heading", { name: "Ideas you can see" })).toBeInTheDocument();
    expect(submissions()).toHaveTextContent("Your teams' ideas, and every answer to a company challenge.");
    expect(queryOf(fake.calls(LIST_ROUTE).at(-1)).mine).toBeUndefined();
  });

  it("counts the ideas of every status tab, and sorts the list", async () => {
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(LIST_ROUTE, answerByStatus([waiting, resubmitted, reviewing]));
      fake.on(
        "GET /api/project-ideas/counts/",
        json({
          success: true,
          counts: {
            draft: 1,
            submitted: 2,
            under_review: 3,
            needs_revision: 0,
            revision_submitted: 1,
            pending_review: 1,
            approved: 4,
            rejected: 0,
            merged: 0,
          },
        }),
      );
    });
    const tabs = within(submissions()).getByRole("tablist", { name: "Filter by status" });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole("tab")
          .map((tab) => tab.textContent),
      ).toEqual([
        "All (12)",
        "Drafts (1)",
        "Submitted (3)",
        "Under review (4)",
        "Needs revision (0)",
        "Approved (4)",
        "Rejected (0)",
      ]),
    );
    expect(queryOf(fake.calls("GET /api/project-ideas/counts/").at(-1))).toMatchObject({ mine: "true" });

    await userEvent.selectOptions(within(submissions()).getByRole("combobox", { name: "Sort by" }), "trending");
    await waitFor(() => expect(queryOf(fake.calls(LIST_ROUTE).at(-1)).sort).toBe("trending"));
    expect(
      within(within(submissions()).getByRole("combobox", { name: "Sort by" }))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Newest", "Most voted", "Most discussed", "Trending"]);
  });

  it("narrows the list and its counts to the answers of one challenge", async () => {
    const challenge = buildChallenge({ title: "Cut packaging waste" });
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(CHALLENGES_ROUTE, json(challengePage([challenge])));
    });
    const select = within(submissions()).getByRole("combobox", { name: "Challenge" });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Any challenge or none", "Cut packaging waste"]),
    );
    await userEvent.selectOptions(select, challenge.id);
    await waitFor(() => expect(queryOf(fake.calls(LIST_ROUTE).at(-1)).challenge).toBe(challenge.id));
    await waitFor(() =>
      expect(queryOf(fake.calls("GET /api/project-ideas/counts/").at(-1)).challenge).toBe(challenge.id),
    );
  });

  it("votes from the list with one click, on others' ideas only", async () => {
    const others = buildIdea({
      title: "Someone's idea",
      author: { id: "user-7", display_name: "Omar Haddad" },
      votes: 1,
      can_vote: true,
    });
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(LIST_ROUTE, (request) => json(ideaPage(queryOf(request).mine ? [waiting] : [others])));
      fake.on(`POST /api/project-ideas/${others.id}/vote/`, json({ success: true, votes: 2, has_voted: true }));
    });
    // One's own ideas carry no Vote button.
    await within(submissions()).findByRole("article", { name: "Waiting for review" });
    expect(within(submissions()).queryByRole("button", { name: /^Vote for/ })).not.toBeInTheDocument();

    await userEvent.click(within(submissions()).getByRole("radio", { name: "Team and company" }));
    const card = await within(submissions()).findByRole("article", { name: "Someone's idea" });
    const vote = within(card).getByRole("button", { name: "Vote for Someone's idea" });
    expect(vote).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(vote);
    await waitFor(() => expect(vote).toHaveAttribute("aria-pressed", "true"));
    expect(card).toHaveTextContent("2 votes");
    expect(fake.calls(`POST /api/project-ideas/${others.id}/vote/`)).toHaveLength(1);
  });

  it("searches the ideas by text", async () => {
    const { fake } = await renderEmployeeIdeas((fake) =>
      fake.on(LIST_ROUTE, (request) => json(ideaPage(queryOf(request).q === "bikes" ? [draft] : []))),
    );

    await userEvent.type(within(submissions()).getByRole("textbox", { name: "Search ideas" }), "bikes");

    expect(await within(submissions()).findByRole("article", { name: "Draft about bikes" })).toBeInTheDocument();
    expect(queryOf(fake.calls(LIST_ROUTE).at(-1))).toMatchObject({ q: "bikes", mine: "true" });
  });

  it("marks an idea under review for the tour, or else the first card", async () => {
    await renderEmployeeIdeas((fake) => fake.on(LIST_ROUTE, answerByStatus(all)));
    const section = submissions();

    const reviewingCard = await within(section).findByRole("article", { name: "Being reviewed" });
    expect(reviewingCard).toHaveAttribute("data-tour", "under-review-card");
    expect(section.querySelectorAll('[data-tour="under-review-card"]')).toHaveLength(1);

    await userEvent.click(within(section).getByRole("tab", { name: "Drafts" }));
    expect(await within(section).findByRole("article", { name: "Draft about bikes" })).toHaveAttribute(
      "data-tour",
      "under-review-card",
    );
  });

  it("loads further pages on request", async () => {
    const later = buildIdea({ title: "An older idea" });
    const { fake } = await renderEmployeeIdeas((fake) =>
      fake.on(LIST_ROUTE, (request) =>
        json(queryOf(request).cursor === "page-2" ? ideaPage([later]) : ideaPage([waiting], "page-2")),
      ),
    );

    await userEvent.click(await within(submissions()).findByRole("button", { name: "Show more ideas" }));

    expect(await within(submissions()).findByRole("article", { name: "An older idea" })).toBeInTheDocument();
    expect(within(submissions()).queryByRole("button", { name: "Show more ideas" })).not.toBeInTheDocument();
    expect(queryOf(fake.calls(LIST_ROUTE).at(-1)).cursor).toBe("page-2");
  });

  it("says so when there are no ideas yet", async () => {
    await renderEmployeeIdeas();

    expect(await within(submissions()).findByText(/^No ideas yet/)).toBeInTheDocument();
  });

  it("says so when the ideas cannot be loaded, and tries again", async () => {
    let fail = true;
    await renderEmployeeIdeas((fake) =>
      fake.on(LIST_ROUTE, () =>
        fail
          ? refusal(403, "auth.forbidden", "You do not have permission to perform this action.")
          : json(ideaPage([waiting])),
      ),
    );

    const alert = await within(submissions()).findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the ideas. You do not have permission to perform this action.");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await within(submissions()).findByRole("article", { name: "Waiting for review" })).toBeInTheDocument();
  });

  it("opens a card's idea in the dialog and closes it with Escape", async () => {
    const detail = buildIdeaDetail({ ...revise });
    const { router } = await renderEmployeeIdeas((fake) => {
      fake.on(LIST_ROUTE, json(ideaPage([revise])));
      fake.on(detailRoute(revise.id), json({ success: true, idea: detail }));
    });

    await userEvent.click(await within(submissions()).findByRole("button", { name: "Needs more detail" }));

    expect(await screen.findByRole("dialog", { name: "Needs more detail" })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?idea=${revise.id}`);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.search).toBe("");
  });
});

describe("the employee ideas page", { timeout: 20_000 }, () => {
  it("carries every target of the employee ideas tour", async () => {
    const { container } = await renderEmployeeIdeas((fake) => {
      fake.on(LIST_ROUTE, json(ideaPage([buildIdea({ status: "under_review" })])));
      fake.on(CHALLENGES_ROUTE, json(challengePage([buildChallenge()])));
    });
    await within(submissions()).findByRole("article");
    await within(screen.getByRole("region", { name: "Challenges" })).findByRole("article", {
      name: "Cut packaging waste",
    });

    for (const { target } of TOUR_STEPS.employeeIdeas.filter((step) => step.placement !== "center")) {
      expect(container.querySelector(`[data-tour="${target}"]`), target).not.toBeNull();
    }
  });

  it("opens the idea named in the address", async () => {
    const idea = buildIdeaDetail({ title: "Linked idea" });
    await renderEmployeeIdeas((fake) => fake.on(detailRoute(idea.id), json({ success: true, idea })), {
      path: `/app/employee-ideas?idea=${idea.id}`,
    });

    expect(await screen.findByRole("dialog", { name: "Linked idea" })).toBeInTheDocument();
  });
});
