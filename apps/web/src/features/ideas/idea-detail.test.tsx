import { IDEA_MESSAGES, IDEA_STATUSES, type IdeaDetail, type IdeaStatus, ownIdeaReviewerOf } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../app/theme.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { IdeaDetailModal } from "./idea-detail.tsx";
import { TRANSITION_LABELS } from "./idea-ui.tsx";
import {
  buildComment,
  buildHistoryEntry,
  buildIdeaDetail,
  commentRoute,
  detailRoute,
  employee,
  patchRoute,
  refusal,
  renderEmployeeIdeas,
  reviewer,
  stepsFor,
  transitionRoute,
  voteRoute,
} from "./ideas-fixtures.ts";

/** The idea dialog on its own, as the manager page shows it for review, talking to a fake API. */
async function renderDetail(idea: IdeaDetail, setup: (fake: FakeApi) => void = () => {}) {
  const fake = createFakeApi({ [detailRoute(idea.id)]: json({ success: true, idea }) });
  setup(fake);
  vi.stubGlobal("fetch", fake.fetch);
  const onClose = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <IdeaDetailModal ideaId={idea.id} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name: idea.title });
  await within(dialog).findByRole("heading", { name: "Status history" });
  return { fake, dialog, onClose };
}

/** The employee page with `?idea=` naming this idea. */
async function renderOnEmployeePage(idea: IdeaDetail, setup: (fake: FakeApi) => void = () => {}) {
  const app = await renderEmployeeIdeas(
    (fake) => {
      fake.on(detailRoute(idea.id), json({ success: true, idea }));
      setup(fake);
    },
    { path: `/app/employee-ideas?idea=${idea.id}` },
  );
  const dialog = await screen.findByRole("dialog", { name: idea.title });
  await within(dialog).findByRole("heading", { name: "Status history" });
  return { ...app, dialog };
}

const transitionLabels = new Set(Object.values(TRANSITION_LABELS));

/** The lifecycle buttons shown in the dialog, in order. */
function stepButtons(dialog: HTMLElement): string[] {
  return within(dialog)
    .queryAllByRole("button")
    .map((button) => button.textContent ?? "")
    .filter((text) => transitionLabels.has(text));
}

describe("the idea dialog", { timeout: 20_000 }, () => {
  it("shows the idea's status, author, challenge, text, history, revisions and comments", async () => {
    const idea = buildIdeaDetail({
      title: "Reusable crates",
      description: "Line one\n<b>not bold</b>",
      status: "under_review",
      challenge: { id: "c-1", title: "Cut packaging waste", scope: "company" },
      votes: 2,
      comment_count: 1,
      history: [
        buildHistoryEntry({ to_status: "submitted" }),
        buildHistoryEntry({
          from_status: "submitted",
          to_status: "under_review",
          actor: reviewer,
          note: "Looking at it this week.",
        }),
      ],
      revisions: [
        {
          id: "revision-1",
          revised_by: { id: employee.id, display_name: employee.display_name },
          created_at: "2025-03-11T08:00:00.000Z",
          before: { title: "Crates", description: "Line one\n<b>not bold</b>" },
          after: { title: "Reusable crates", description: "Line one\n<b>not bold</b>" },
        },
      ],
      comments: [buildComment({ body: "<script>alert(1)</script> Love it" })],
    });
    const { dialog } = await renderOnEmployeePage(idea);

    expect(dialog).toHaveTextContent("by Priya Patel · Operations");
    expect(dialog).toHaveTextContent("Answers the company challenge Cut packaging waste");
    expect(within(dialog).getAllByText("Under review").length).toBeGreaterThan(0);
    // Text is shown as written, never as HTML.
    expect(within(dialog).getByText(/not bold/)).toHaveTextContent("Line one <b>not bold</b>");
    expect(dialog.querySelector("b")).toBeNull();
    expect(within(dialog).getByText(/Love it/)).toHaveTextContent("<script>alert(1)</script> Love it");
    expect(dialog.querySelector("script")).toBeNull();

    const history = within(dialog).getByRole("region", { name: "Status history" });
    const steps = within(history).getAllByRole("listitem");
    expect(steps).toHaveLength(2);
    expect(steps[1]).toHaveTextContent("Under review");
    expect(steps[1]).toHaveTextContent("by Sam Manager");
    expect(steps[1]).toHaveTextContent("Note: Looking at it this week.");

    const revision = within(dialog).getByRole("article", { name: "Revision 1" });
    expect(revision).toHaveTextContent("Title changed");
    expect(revision).toHaveTextContent("BeforeCrates");
    expect(revision).toHaveTextContent("AfterReusable crates");
    expect(revision).not.toHaveTextContent("Description changed");

    const comments = within(dialog).getByRole("region", { name: "Comments" });
    expect(within(comments).getAllByRole("listitem")[0]).toHaveTextContent("Sam Manager");
    expect(within(dialog).getByText("2 votes")).toBeInTheDocument();
  });

  it("posts a comment with exactly its text and shows it", async () => {
    const idea = buildIdeaDetail({ title: "Quiet rooms" });
    const posted = buildComment({
      body: "We could use room 4.",
      author: { id: employee.id, display_name: "Priya Patel" },
    });
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) =>
      fake.on(commentRoute(idea.id), json({ success: true, comment: posted })),
    );
    const comments = within(dialog).getByRole("region", { name: "Comments" });
    expect(comments).toHaveTextContent("No comments yet.");

    // An empty comment is refused with the shared schema's message.
    await userEvent.click(within(comments).getByRole("button", { name: "Post comment" }));
    expect(await within(comments).findByText(IDEA_MESSAGES.commentRequired)).toBeInTheDocument();
    expect(fake.calls(commentRoute(idea.id))).toHaveLength(0);

    fake.on(detailRoute(idea.id), json({ success: true, idea: { ...idea, comments: [posted], comment_count: 1 } }));
    await userEvent.type(within(comments).getByRole("textbox", { name: "Add a comment" }), "We could use room 4.");
    await userEvent.click(within(comments).getByRole("button", { name: "Post comment" }));

    expect(await within(comments).findByText("We could use room 4.", { selector: "p" })).toBeInTheDocument();
    expect(fake.calls(commentRoute(idea.id)).map((request) => request.body)).toEqual([
      { body: "We could use room 4." },
    ]);
    expect(within(comments).getByRole("textbox", { name: "Add a comment" })).toHaveValue("");
    expect(within(comments).getByRole("status")).toHaveTextContent("Your comment has been posted.");
  });

  it("offers no comments or votes on a draft", async () => {
    const idea = buildIdeaDetail({
      title: "My draft",
      status: "draft",
      can_edit: true,
      allowed_transitions: ["submitted"],
    });
    const { dialog } = await renderOnEmployeePage(idea);

    expect(within(dialog).getByText("Comments open once the idea is submitted.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /^Vote/ })).not.toBeInTheDocument();
  });

  it("votes and takes the vote back, showing the server's count", async () => {
    const idea = buildIdeaDetail({ title: "Bike racks", votes: 1 });
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) => {
      fake.on(voteRoute("POST", idea.id), json({ success: true, votes: 2, has_voted: true }));
      fake.on(voteRoute("DELETE", idea.id), json({ success: true, votes: 1, has_voted: false }));
    });

    const vote = within(dialog).getByRole("button", { name: "Vote" });
    expect(vote).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(vote);

    const voted = await within(dialog).findByRole("button", { name: "Voted" });
    expect(voted).toHaveAttribute("aria-pressed", "true");
    expect(within(dialog).getByText("2 votes")).toBeInTheDocument();
    expect(fake.calls(voteRoute("POST", idea.id))).toHaveLength(1);

    await userEvent.click(voted);
    expect(await within(dialog).findByRole("button", { name: "Vote" })).toHaveAttribute("aria-pressed", "false");
    expect(within(dialog).getByText("1 vote")).toBeInTheDocument();
    expect(fake.calls(voteRoute("DELETE", idea.id))).toHaveLength(1);
  });

  it("revises an idea that needs revision and resubmits it", async () => {
    const idea = buildIdeaDetail({
      title: "Shorter meetings",
      description: "Meetings of 25 minutes.",
      status: "needs_revision",
      can_edit: true,
      allowed_transitions: ["revision_submitted"],
      history: [
        buildHistoryEntry({ to_status: "submitted" }),
        buildHistoryEntry({ from_status: "submitted", to_status: "under_review", actor: reviewer }),
        buildHistoryEntry({
          from_status: "under_review",
          to_status: "needs_revision",
          actor: reviewer,
          note: "Which meetings? Say how we measure it.",
        }),
      ],
    });
    const edited = {
      ...idea,
      title: "Shorter team meetings",
      description: "Team meetings of 25 minutes, measured by calendar time.",
      revisions: [
        {
          id: "revision-1",
          revised_by: { id: employee.id, display_name: employee.display_name },
          created_at: "2025-03-12T08:00:00.000Z",
          before: { title: idea.title, description: idea.description },
          after: {
            title: "Shorter team meetings",
            description: "Team meetings of 25 minutes, measured by calendar time.",
          },
        },
      ],
    };
    const resubmitted: IdeaDetail = {
      ...edited,
      status: "revision_submitted",
      can_edit: false,
      allowed_transitions: [],
      history: [...idea.history, buildHistoryEntry({ from_status: "needs_revision", to_status: "revision_submitted" })],
    };
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) => {
      fake.on(patchRoute(idea.id), json({ success: true, idea: edited }));
      fake.on(transitionRoute(idea.id), json({ success: true, idea: resubmitted }));
    });

    expect(within(dialog).getByText("Revision requested")).toBeInTheDocument();
    expect(within(dialog).getByText("“Which meetings? Say how we measure it.”")).toBeInTheDocument();
    const form = within(dialog).getByRole("region", { name: "Revise your idea" });
    const title = within(form).getByRole("textbox", { name: /^Title/ });
    const description = within(form).getByRole("textbox", { name: /^Description/ });
    await userEvent.clear(title);
    await userEvent.type(title, "Shorter team meetings");
    await userEvent.clear(description);
    await userEvent.type(description, "Team meetings of 25 minutes, measured by calendar time.");
    fake.on(detailRoute(idea.id), json({ success: true, idea: resubmitted }));
    await userEvent.click(within(form).getByRole("button", { name: "Resubmit" }));

    expect(await within(dialog).findByText("Your revision has been submitted.")).toHaveFocus();
    expect(fake.calls(patchRoute(idea.id)).map((request) => request.body)).toEqual([
      { title: "Shorter team meetings", description: "Team meetings of 25 minutes, measured by calendar time." },
    ]);
    expect(fake.calls(transitionRoute(idea.id)).map((request) => request.body)).toEqual([{ to: "revision_submitted" }]);
    // The form is gone: the idea waits for its reviewer again, and the revision shows what changed.
    expect(within(dialog).queryByRole("region", { name: "Revise your idea" })).not.toBeInTheDocument();
    expect(within(dialog).getAllByText("Revision submitted").length).toBeGreaterThan(0);
    expect(within(dialog).getByRole("article", { name: "Revision 1" })).toHaveTextContent("Description changed");
  });

  it("resubmits without a PATCH when the text is unchanged, and validates the edit", async () => {
    const idea = buildIdeaDetail({
      title: "Shorter meetings",
      description: "Meetings of 25 minutes.",
      status: "needs_revision",
      can_edit: true,
      allowed_transitions: ["revision_submitted"],
    });
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) =>
      fake.on(transitionRoute(idea.id), json({ success: true, idea: { ...idea, status: "revision_submitted" } })),
    );
    const form = within(dialog).getByRole("region", { name: "Revise your idea" });

    await userEvent.clear(within(form).getByRole("textbox", { name: /^Description/ }));
    await userEvent.click(within(form).getByRole("button", { name: "Resubmit" }));
    expect(await within(form).findByText(IDEA_MESSAGES.descriptionRequiredToSubmit)).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);

    await userEvent.type(within(form).getByRole("textbox", { name: /^Description/ }), "Meetings of 25 minutes.");
    await userEvent.click(within(form).getByRole("button", { name: "Resubmit" }));
    await waitFor(() => expect(fake.calls(transitionRoute(idea.id))).toHaveLength(1));
    expect(fake.calls(patchRoute(idea.id))).toHaveLength(0);
  });

  it("saves a draft's changes without submitting it", async () => {
    const idea = buildIdeaDetail({
      title: "Bike racks",
      description: "",
      status: "draft",
      submitted_at: null,
      can_edit: true,
      allowed_transitions: ["submitted"],
    });
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) =>
      fake.on(
        patchRoute(idea.id),
        json({ success: true, idea: { ...idea, description: "Covered racks by the door." } }),
      ),
    );
    const form = within(dialog).getByRole("region", { name: "Edit your draft" });

    await userEvent.type(within(form).getByRole("textbox", { name: /^Description/ }), "Covered racks by the door.");
    await userEvent.click(within(form).getByRole("button", { name: "Save changes" }));

    expect(await within(form).findByText("Your changes have been saved.")).toBeInTheDocument();
    expect(fake.calls(patchRoute(idea.id)).map((request) => request.body)).toEqual([
      { description: "Covered racks by the door." },
    ]);
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);
    expect(within(form).getByRole("button", { name: "Submit" })).toBeInTheDocument();
  });

  it("asks the reviewer for a note before requesting a revision, and sends it", async () => {
    const idea = buildIdeaDetail({
      title: "Bike racks",
      status: "under_review",
      allowed_transitions: ["needs_revision", "approved", "rejected"],
    });
    const { dialog, fake } = await renderDetail(idea, (fake) =>
      fake.on(
        transitionRoute(idea.id),
        json({ success: true, idea: { ...idea, status: "needs_revision", allowed_transitions: [] } }),
      ),
    );
    const review = within(dialog).getByRole("region", { name: "Review" });

    await userEvent.click(within(review).getByRole("button", { name: "Ask for revision" }));
    expect(await within(review).findByText(IDEA_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(within(review).getByRole("textbox", { name: "Note for the author" })).toHaveFocus();
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);

    await userEvent.type(within(review).getByRole("textbox", { name: "Note for the author" }), "Where would they go?");
    await userEvent.click(within(review).getByRole("button", { name: "Ask for revision" }));

    expect(await within(dialog).findByText("The author has been asked for a revision.")).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id)).map((request) => request.body)).toEqual([
      { to: "needs_revision", note: "Where would they go?" },
    ]);
    expect(within(dialog).queryByRole("region", { name: "Review" })).not.toBeInTheDocument();
  });

  it("approves with no note, and shows the server's refusal of a step", async () => {
    const idea = buildIdeaDetail({ title: "Bike racks", status: "under_review", allowed_transitions: ["approved"] });
    const { dialog, fake } = await renderDetail(idea, (fake) =>
      fake.on(
        transitionRoute(idea.id),
        refusal(409, "idea.transition_not_allowed", "That change of status is not allowed for this idea."),
      ),
    );

    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "That change of status is not allowed for this idea.",
    );
    expect(fake.calls(transitionRoute(idea.id))[0]?.body).toEqual({ to: "approved" });
  });

  it("shows why the idea could not be loaded", async () => {
    const fake = createFakeApi({
      [detailRoute("missing")]: refusal(404, "idea.not_found", "That idea does not exist."),
    });
    vi.stubGlobal("fetch", fake.fetch);
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <IdeaDetailModal ideaId="missing" onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    );

    const dialog = await screen.findByRole("dialog", { name: "Idea" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("That idea does not exist.");
  });
});

/** Viewers of an idea, as the lifecycle table sees them. */
const VIEWERS = {
  author: { isAuthor: true, managesIdeaTeam: false, isAdmin: false },
  "team manager": { isAuthor: false, managesIdeaTeam: true, isAdmin: false },
  admin: { isAuthor: false, managesIdeaTeam: false, isAdmin: true },
  colleague: { isAuthor: false, managesIdeaTeam: false, isAdmin: false },
} as const;

const EXPECTED_BUTTONS: Record<string, Partial<Record<IdeaStatus, string[]>>> = {
  author: { draft: ["Submit"], needs_revision: ["Resubmit"] },
  "team manager": {
    submitted: ["Start review"],
    under_review: ["Ask for revision", "Approve", "Reject"],
    revision_submitted: ["Start review"],
  },
  admin: {
    submitted: ["Start review"],
    under_review: ["Ask for revision", "Approve", "Reject"],
    revision_submitted: ["Start review"],
    pending_review: ["Approve", "Reject"],
  },
  colleague: {},
};

describe("the lifecycle buttons", { timeout: 60_000 }, () => {
  it.each(Object.keys(VIEWERS))("follow the lifecycle table for the %s of a team idea", async (viewerName) => {
    const viewer = VIEWERS[viewerName as keyof typeof VIEWERS];
    for (const status of IDEA_STATUSES) {
      const idea = buildIdeaDetail({
        title: `A ${status} idea`,
        status,
        can_edit: viewer.isAuthor && (status === "draft" || status === "needs_revision"),
        allowed_transitions: stepsFor({ status, challenge: null }, viewer),
      });
      const { dialog } = await renderDetail(idea);
      expect(stepButtons(dialog), `${viewerName}, ${status}`).toEqual(EXPECTED_BUTTONS[viewerName]?.[status] ?? []);
      document.body.innerHTML = "";
    }
  });

  it.each([
    [
      "an admin, their own company-challenge answer awaiting the admins",
      "pending_review",
      { id: "c-1", title: "Company-wide savings", scope: "company" as const },
      { isAuthor: true, managesIdeaTeam: false, isAdmin: true },
      IDEA_MESSAGES.ownIdeaAnotherAdministrator,
    ],
    [
      "a manager, their own submitted idea",
      "submitted",
      null,
      { isAuthor: true, managesIdeaTeam: true, isAdmin: false },
      IDEA_MESSAGES.ownIdeaAnotherReviewer,
    ],
    [
      "an admin, their own idea under review",
      "under_review",
      null,
      { isAuthor: true, managesIdeaTeam: false, isAdmin: true },
      IDEA_MESSAGES.ownIdeaAnotherReviewer,
    ],
  ] as const)("offers %s no decision, and says who decides instead", async (_name, status, challenge, viewer, says) => {
    const lifecycleIdea = { status, answersCompanyChallenge: challenge !== null };
    const idea = buildIdeaDetail({
      title: "My own idea",
      status,
      challenge,
      allowed_transitions: stepsFor({ status, challenge }, viewer),
      own_idea_reviewer: ownIdeaReviewerOf(lifecycleIdea, viewer),
    });
    const { dialog } = await renderDetail(idea);

    expect(stepButtons(dialog)).toEqual([]);
    expect(within(dialog).getByRole("region", { name: "Review" })).toHaveTextContent(says);
  });

  it("says nothing about their own idea to a plain author", async () => {
    const viewer = VIEWERS.author;
    const idea = buildIdeaDetail({
      title: "An employee's idea",
      status: "submitted",
      own_idea_reviewer: ownIdeaReviewerOf({ status: "submitted", answersCompanyChallenge: false }, viewer),
    });
    const { dialog } = await renderDetail(idea);
    expect(within(dialog).queryByRole("region", { name: "Review" })).not.toBeInTheDocument();
  });

  it("has the team manager endorse an answer to a company challenge to the admins", async () => {
    const challenge = { id: "c-1", title: "Company-wide savings", scope: "company" as const };
    const idea = buildIdeaDetail({
      title: "Answer to a company challenge",
      status: "under_review",
      challenge,
      allowed_transitions: stepsFor({ status: "under_review", challenge }, VIEWERS["team manager"]),
    });
    const { dialog, fake } = await renderDetail(idea, (fake) =>
      fake.on(transitionRoute(idea.id), json({ success: true, idea: { ...idea, status: "pending_review" } })),
    );

    expect(stepButtons(dialog)).toEqual(["Ask for revision", "Endorse to admins"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Endorse to admins" }));

    expect(await within(dialog).findByText("The idea has been endorsed to the admins.")).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id))[0]?.body).toEqual({ to: "pending_review" });
  });
});
