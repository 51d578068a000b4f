import {
  checklistOfVerdicts,
  IDEA_MESSAGES,
  IDEA_STATUSES,
  type IdeaDetail,
  type IdeaStatus,
  ownIdeaReviewerOf,
} from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { SignedInAs } from "../../lib/auth-provider.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { buildTeamMember } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { IdeaDetailModal } from "./idea-detail.tsx";
import { TRANSITION_LABELS } from "./ideas.texts.ts";
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
import { manager, OPERATIONS_ID, operations } from "./manager-ideas-fixtures.ts";
import { DECISION_UNDO_SECONDS } from "./review-actions.tsx";

/** The idea dialog on its own, as the manager page shows it to Sam for review, talking to a fake API. */
async function renderDetail(idea: IdeaDetail, setup: (fake: FakeApi) => void = () => {}) {
  const fake = createFakeApi({ [detailRoute(idea.id)]: json({ success: true, idea }) });
  setup(fake);
  vi.stubGlobal("fetch", fake.fetch);
  const onClose = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SignedInAs user={manager}>
          <IdeaDetailModal ideaId={idea.id} onClose={onClose} />
        </SignedInAs>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name: idea.title });
  await within(dialog).findByRole("heading", { name: "Status history" });
  return { fake, dialog, onClose };
}

/** Makes the server take the idea's next step, answering the idea with `after` applied. */
function answersStep(idea: IdeaDetail, after: Partial<IdeaDetail>) {
  return (fake: FakeApi) => fake.on(transitionRoute(idea.id), json({ success: true, idea: { ...idea, ...after } }));
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

const transitionLabels = new Set(Object.values(TRANSITION_LABELS).map((label) => t(label)));

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
    expect(await within(comments).findByText(t(IDEA_MESSAGES.commentRequired))).toBeInTheDocument();
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

  it("shows the author the votes of their own idea, with no button to vote", async () => {
    const idea = buildIdeaDetail({ title: "My own racks", votes: 3, can_vote: false });
    const { dialog } = await renderOnEmployeePage(idea);
    expect(within(dialog).getByText("3 votes")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /^Vote/ })).not.toBeInTheDocument();
  });

  it("votes and takes the vote back, showing the server's count", async () => {
    const idea = buildIdeaDetail({ title: "Bike racks", votes: 1, author: reviewer, can_vote: true });
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

  it("keeps a vote and a comment made offline on the device, marked Waiting to send, and sends each once when the network returns", async () => {
    const idea = buildIdeaDetail({ title: "Offline racks", votes: 1, author: reviewer, can_vote: true });
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) => {
      fake.on(voteRoute("POST", idea.id), offline);
      fake.on(commentRoute(idea.id), offline);
    });
    onlineManager.setOnline(false);
    try {
      await userEvent.click(within(dialog).getByRole("button", { name: "Vote" }));
      expect(await within(dialog).findByText("Waiting to send")).toBeInTheDocument();
      expect(within(dialog).getByRole("button", { name: "Voted" })).toBeDisabled();

      const comments = within(dialog).getByRole("region", { name: "Comments" });
      await userEvent.type(within(comments).getByRole("textbox", { name: "Add a comment" }), "Back soon.");
      await userEvent.click(within(comments).getByRole("button", { name: "Post comment" }));
      expect(
        await within(comments).findByText(
          "No network: your comment is kept on this device and will be sent when you are back online.",
        ),
      ).toBeInTheDocument();
      expect(within(comments).getByRole("textbox", { name: "Add a comment" })).toHaveValue("");
      const waitingComment = within(comments).getByText("Back soon.").closest("li");
      expect(waitingComment).toHaveTextContent("Waiting to sendBack soon.");
      // Nothing reached the network while offline.
      expect(fake.requests.filter((request) => request.method === "POST")).toEqual([]);

      fake.on(voteRoute("POST", idea.id), json({ success: true, votes: 2, has_voted: true }));
      fake.on(commentRoute(idea.id), (request) =>
        json({
          success: true,
          comment: {
            id: "c-1",
            body: (request.body as { body: string }).body,
            author: reviewer,
            created_at: "2025-03-12T10:00:00.000Z",
          },
        }),
      );
      onlineManager.setOnline(true);
      await waitFor(() => expect(within(dialog).queryByText("Waiting to send")).not.toBeInTheDocument());
      const posts = fake.requests.filter((request) => request.method === "POST" && request.path.includes(idea.id));
      expect(posts.map((request) => request.path)).toEqual(
        [voteRoute("POST", idea.id), commentRoute(idea.id)].map((route) => route.split(" ")[1]),
      );
      for (const request of posts) expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(posts[1]?.body).toEqual({ body: "Back soon." });
    } finally {
      onlineManager.setOnline(true);
    }
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
    const { dialog, fake } = await renderOnEmployeePage(idea, answersStep(idea, { status: "revision_submitted" }));
    const form = within(dialog).getByRole("region", { name: "Revise your idea" });

    await userEvent.clear(within(form).getByRole("textbox", { name: /^Description/ }));
    await userEvent.click(within(form).getByRole("button", { name: "Resubmit" }));
    expect(
      await within(form).findByText("Please describe your idea in at least 10 characters before submitting it."),
    ).toBeInTheDocument();
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

  /** The checklist items as the region lists them: label, verdict, hint and any change. */
  async function checklistOf(dialog: HTMLElement) {
    const checklist = await within(dialog).findByRole("region", { name: "Reviewer's checklist" });
    return {
      checklist,
      items: within(checklist)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    };
  }

  it("shows the reviewer the checklist kept with the submission, saying when it was computed", async () => {
    // The text would now answer more questions than the kept checklist: what the author sent is shown.
    const idea = buildIdeaDetail({
      title: "Bike racks",
      description: "Cyclists have nowhere to lock their bikes today. Add ten racks for about €800.",
      status: "under_review",
      allowed_transitions: ["needs_revision", "approved", "rejected"],
      history: [
        buildHistoryEntry({
          to_status: "submitted",
          created_at: "2025-03-10T09:05:00.000Z",
          checklist: checklistOfVerdicts(
            [
              { key: "problem", ok: true },
              { key: "change", ok: false },
              { key: "beneficiaries", ok: false },
              { key: "effort", ok: false },
              { key: "outcome", ok: false },
            ],
            t,
          ),
        }),
        buildHistoryEntry({ from_status: "submitted", to_status: "under_review", actor: reviewer }),
      ],
    });
    const { dialog } = await renderDetail(idea);
    const { checklist, items } = await checklistOf(dialog);
    expect(checklist).toHaveTextContent(
      `Checked when Priya Patel submitted it, ${formatDateTime("2025-03-10T09:05:00.000Z")}: 1 of 5 answered. Analyze gives its author the same verdicts for that text.`,
    );
    expect(items).toEqual([
      expect.stringMatching(/^The problem: answered/),
      expect.stringMatching(/^The proposed change: missing/),
      expect.stringMatching(/^Who benefits: missing/),
      expect.stringMatching(/^Rough cost or effort: missing/),
      expect.stringMatching(/^A measurable outcome: missing/),
    ]);
    expect(checklist).not.toHaveTextContent(/Analyze showed them|earlier submission/);
  });

  it("after a revision, shows the resubmitted text's checklist and what changed since the earlier submission", async () => {
    const verdicts = (answered: string[]) =>
      checklistOfVerdicts(
        (["problem", "change", "beneficiaries", "effort", "outcome"] as const).map((key) => ({
          key,
          ok: answered.includes(key),
        })),
        t,
      );
    const idea = buildIdeaDetail({
      title: "Bike racks",
      status: "revision_submitted",
      allowed_transitions: ["needs_revision", "approved", "rejected"],
      history: [
        buildHistoryEntry({
          to_status: "submitted",
          created_at: "2025-03-10T09:05:00.000Z",
          checklist: verdicts(["problem", "change", "outcome"]),
        }),
        buildHistoryEntry({ from_status: "submitted", to_status: "under_review", actor: reviewer }),
        buildHistoryEntry({ from_status: "under_review", to_status: "needs_revision", actor: reviewer, note: "Cost?" }),
        buildHistoryEntry({
          from_status: "needs_revision",
          to_status: "revision_submitted",
          created_at: "2025-03-12T14:30:00.000Z",
          checklist: verdicts(["problem", "change", "beneficiaries", "effort"]),
        }),
      ],
    });
    const { dialog } = await renderDetail(idea);
    const { checklist, items } = await checklistOf(dialog);
    expect(checklist).toHaveTextContent(
      `Checked when Priya Patel resubmitted it, ${formatDateTime("2025-03-12T14:30:00.000Z")}: 4 of 5 answered.`,
    );
    expect(checklist).toHaveTextContent(
      `At the earlier submission, ${formatDateTime("2025-03-10T09:05:00.000Z")}: 3 of 5 answered.`,
    );
    expect(items).toEqual([
      expect.stringMatching(/^The problem: answered[^.]*\.$/),
      expect.stringMatching(/^The proposed change: answered[^.]*\.$/),
      expect.stringMatching(/^Who benefits: answered.*Answered since the earlier submission\.$/),
      expect.stringMatching(/^Rough cost or effort: answered.*Answered since the earlier submission\.$/),
      expect.stringMatching(/^A measurable outcome: missing.*Was answered at the earlier submission\.$/),
    ]);
  });

  it("says the checklist is computed now on the current text when none was kept with the submission", async () => {
    const idea = buildIdeaDetail({
      title: "Bike racks",
      description: "Cyclists have nowhere to lock their bikes today. Add ten racks for about €800.",
      status: "under_review",
      allowed_transitions: ["needs_revision", "approved", "rejected"],
      history: [buildHistoryEntry({ to_status: "submitted", checklist: null })],
    });
    const { dialog } = await renderDetail(idea);
    const { checklist, items } = await checklistOf(dialog);
    expect(checklist).toHaveTextContent(
      "Checked now on the current text: 3 of 5 answered. No checklist was kept when it was submitted.",
    );
    expect(items).toEqual([
      expect.stringMatching(/^The problem: answered/),
      expect.stringMatching(/^The proposed change: answered/),
      expect.stringMatching(/^Who benefits: missing/),
      expect.stringMatching(/^Rough cost or effort: answered/),
      expect.stringMatching(/^A measurable outcome: missing/),
    ]);
  });

  it("shows no checklist to a colleague who only reads the idea", async () => {
    const { dialog } = await renderDetail(buildIdeaDetail({ title: "Bike racks", status: "submitted" }));
    expect(within(dialog).queryByRole("region", { name: "Reviewer's checklist" })).not.toBeInTheDocument();
  });

  it("asks the reviewer what should change before requesting a revision, and sends it", async () => {
    const idea = buildIdeaDetail({
      title: "Bike racks",
      status: "under_review",
      allowed_transitions: ["needs_revision", "approved", "rejected"],
    });
    const { dialog, fake } = await renderDetail(
      idea,
      answersStep(idea, { status: "needs_revision", allowed_transitions: [] }),
    );
    const review = within(dialog).getByRole("region", { name: "Review" });

    await userEvent.click(within(review).getByRole("button", { name: "Ask for revision" }));
    const form = within(review).getByRole("form", { name: "Ask for revision" });
    const note = within(form).getByRole("textbox", { name: "What should change" });
    expect(note).toHaveFocus();
    await userEvent.click(within(form).getByRole("button", { name: "Ask for revision" }));
    expect(await within(form).findByText(t(IDEA_MESSAGES.noteRequired))).toBeInTheDocument();
    expect(note).toHaveFocus();
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);

    await userEvent.type(note, "Where would they go?");
    await userEvent.click(within(form).getByRole("button", { name: "Ask for revision" }));

    expect(await within(dialog).findByText("The author has been asked for a revision.")).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id)).map((request) => request.body)).toEqual([
      { to: "needs_revision", note: "Where would they go?" },
    ]);
    expect(within(dialog).queryByRole("region", { name: "Review" })).not.toBeInTheDocument();
  });

  it("rejects only with a reason, and sends it once the undo window has passed", async () => {
    const idea = buildIdeaDetail({ title: "Bike racks", status: "under_review", allowed_transitions: ["rejected"] });
    const { dialog, fake } = await renderDetail(
      idea,
      answersStep(idea, { status: "rejected", allowed_transitions: [] }),
    );
    const review = within(dialog).getByRole("region", { name: "Review" });
    await userEvent.click(within(review).getByRole("button", { name: "Reject" }));
    const form = within(review).getByRole("form", { name: "Reject" });
    expect(form).toHaveTextContent("Reject this idea? Its author reads your reason.");
    await userEvent.click(within(form).getByRole("button", { name: "Reject idea" }));
    expect(await within(form).findByText("Please tell the author why the idea is rejected.")).toBeInTheDocument();

    await userEvent.type(within(form).getByRole("textbox", { name: "Reason for the author" }), "No budget this year.");
    await userEvent.click(within(form).getByRole("button", { name: "Reject idea" }));
    // Held for a few seconds, with Undo focused.
    expect(within(review).getByRole("status")).toHaveTextContent("Rejecting this idea.");
    expect(within(review).getByRole("button", { name: "Undo" })).toHaveFocus();
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);

    expect(
      await within(dialog).findByText(
        "The idea has been rejected.",
        {},
        { timeout: (DECISION_UNDO_SECONDS + 2) * 1000 },
      ),
    ).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id)).map((request) => request.body)).toEqual([
      { to: "rejected", note: "No budget this year." },
    ]);
  });

  it("shows everyone who can see an approved idea its action: owner, due date and status", async () => {
    const idea = buildIdeaDetail({
      title: "Approved racks",
      status: "approved",
      action: { id: "action-1", owner: reviewer, due_date: "2027-03-31", status: "in_progress" },
    });
    const { dialog } = await renderOnEmployeePage(idea);
    expect(within(dialog).getByRole("region", { name: "Action" })).toHaveTextContent(
      "Owner: Sam ManagerDue: Mar 31, 2027Status: In progress",
    );
  });

  it("shows everyone the reason a rejected idea was not taken forward", async () => {
    const idea = buildIdeaDetail({
      title: "Rejected racks",
      status: "rejected",
      history: [
        buildHistoryEntry({ to_status: "submitted" }),
        buildHistoryEntry({ from_status: "submitted", to_status: "under_review", actor: reviewer }),
        buildHistoryEntry({
          from_status: "under_review",
          to_status: "rejected",
          actor: reviewer,
          note: "No budget this year.",
        }),
      ],
    });
    const { dialog } = await renderOnEmployeePage(idea);
    const alert = within(dialog).getByRole("alert");
    expect(alert).toHaveTextContent("Not taken forwardSam Manager gave this reason:“No budget this year.”");
  });

  it("approves with the action's owner and due date, and Undo sends nothing", async () => {
    const idea = buildIdeaDetail({
      title: "Bike racks",
      status: "under_review",
      team_id: OPERATIONS_ID,
      allowed_transitions: ["approved"],
    });
    const { dialog, fake } = await renderDetail(idea, (fake) => {
      fake.on(
        `GET /api/teams/${OPERATIONS_ID}/members/`,
        json({
          success: true,
          team: operations,
          members: [
            buildTeamMember({ id: "member-1" }),
            buildTeamMember({ id: "member-2", display_name: "Gone Person", is_active: false }),
          ],
        }),
      );
      fake.on(
        transitionRoute(idea.id),
        refusal(409, "idea.transition_not_allowed", "That change of status is not allowed for this idea."),
      );
    });
    const review = within(dialog).getByRole("region", { name: "Review" });
    await userEvent.click(within(review).getByRole("button", { name: "Approve" }));
    const form = within(review).getByRole("form", { name: "Approve" });
    const owner = within(form).getByRole("combobox", { name: "Action owner" });
    await waitFor(() =>
      expect(
        within(owner)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Priya Patel", "Sam Manager (you)"]),
    );
    expect(owner).toHaveValue(manager.id);
    await userEvent.selectOptions(owner, "member-1");
    await userEvent.type(within(form).getByLabelText("Due date"), "2027-03-31");
    await userEvent.click(within(form).getByRole("button", { name: "Approve idea" }));

    // Undo brings the form back as it was, and nothing is sent.
    await userEvent.click(within(review).getByRole("button", { name: "Undo" }));
    const again = within(review).getByRole("form", { name: "Approve" });
    expect(within(again).getByRole("combobox", { name: "Action owner" })).toHaveValue("member-1");
    await new Promise((resolve) => setTimeout(resolve, (DECISION_UNDO_SECONDS + 1) * 1000));
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);

    // Confirmed again, it is sent after the window; the server's refusal shows in the form.
    await userEvent.click(within(again).getByRole("button", { name: "Approve idea" }));
    expect(
      await within(review).findByRole("alert", {}, { timeout: (DECISION_UNDO_SECONDS + 2) * 1000 }),
    ).toHaveTextContent("That change of status is not allowed for this idea.");
    expect(fake.calls(transitionRoute(idea.id)).map((request) => request.body)).toEqual([
      { to: "approved", action: { owner_id: "member-1", due_date: "2027-03-31" } },
    ]);
  });

  it("sends a held decision at once when the idea is closed", async () => {
    const idea = buildIdeaDetail({ title: "Bike racks", status: "under_review", allowed_transitions: ["approved"] });
    const { dialog, fake } = await renderDetail(idea, answersStep(idea, { status: "approved" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve idea" }));
    expect(fake.calls(transitionRoute(idea.id))).toHaveLength(0);
    window.dispatchEvent(new Event("pagehide"));
    await waitFor(() => expect(fake.calls(transitionRoute(idea.id))).toHaveLength(1));
    expect(fake.calls(transitionRoute(idea.id))[0]?.body).toEqual({
      to: "approved",
      action: { owner_id: manager.id, due_date: null },
    });
  });

  it("lets the author withdraw a submission nobody reviews yet", async () => {
    const idea = buildIdeaDetail({ title: "Bike racks", status: "submitted", allowed_transitions: ["draft"] });
    const { dialog, fake } = await renderOnEmployeePage(
      idea,
      answersStep(idea, { status: "draft", can_edit: true, allowed_transitions: ["submitted"], submitted_at: null }),
    );
    const section = within(dialog).getByRole("region", { name: "Your submission" });
    await userEvent.click(within(section).getByRole("button", { name: "Withdraw" }));
    const confirm = within(section).getByRole("group", { name: "Withdraw idea" });
    expect(confirm).toHaveTextContent("Withdraw this idea? Reviewers no longer see it until you submit it again.");
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole("button", { name: "Withdraw idea" }));

    expect(
      await within(dialog).findByText(
        "Your idea has been withdrawn. It is a draft again: change it, submit it again, or delete it.",
      ),
    ).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id)).map((request) => request.body)).toEqual([{ to: "draft" }]);
    expect(within(dialog).getByRole("region", { name: "Edit your draft" })).toBeInTheDocument();
  });

  it("lets the author delete a draft after asking, and closes the idea", async () => {
    const idea = buildIdeaDetail({
      title: "Half a thought",
      status: "draft",
      can_edit: true,
      allowed_transitions: ["submitted"],
    });
    const { dialog, fake } = await renderOnEmployeePage(idea, (fake) =>
      fake.on(`DELETE /api/project-ideas/${idea.id}/`, json({ success: true })),
    );
    const form = within(dialog).getByRole("region", { name: "Edit your draft" });
    await userEvent.click(within(form).getByRole("button", { name: "Delete draft" }));
    const confirm = within(form).getByRole("group", { name: "Delete draft" });
    expect(confirm).toHaveTextContent("Delete this draft? It cannot be brought back.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(within(form).queryByRole("group", { name: "Delete draft" })).not.toBeInTheDocument();

    await userEvent.click(within(form).getByRole("button", { name: "Delete draft" }));
    await userEvent.click(
      within(within(form).getByRole("group", { name: "Delete draft" })).getByRole("button", { name: "Delete draft" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: idea.title })).not.toBeInTheDocument());
    expect(fake.calls(`DELETE /api/project-ideas/${idea.id}/`)).toHaveLength(1);
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
  author: { draft: ["Submit"], submitted: ["Withdraw"], needs_revision: ["Resubmit"] },
  "team manager": {
    submitted: ["Start review"],
    under_review: ["Ask for revision", "Approve", "Reject"],
    // A resubmitted revision is decided at once: no Start review first.
    revision_submitted: ["Ask for revision", "Approve", "Reject"],
  },
  admin: {
    submitted: ["Start review"],
    under_review: ["Ask for revision", "Approve", "Reject"],
    // A resubmitted revision is decided at once: no Start review first.
    revision_submitted: ["Ask for revision", "Approve", "Reject"],
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
      t(IDEA_MESSAGES.ownIdeaAnotherAdministrator),
    ],
    [
      "a manager, their own submitted idea",
      "submitted",
      null,
      { isAuthor: true, managesIdeaTeam: true, isAdmin: false },
      t(IDEA_MESSAGES.ownIdeaAnotherReviewer),
    ],
    [
      "an admin, their own idea under review",
      "under_review",
      null,
      { isAuthor: true, managesIdeaTeam: false, isAdmin: true },
      t(IDEA_MESSAGES.ownIdeaAnotherReviewer),
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

    // Only the author's own step is left: withdrawing a submission nobody reviews yet.
    expect(stepButtons(dialog)).toEqual(status === "submitted" ? ["Withdraw"] : []);
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
    const { dialog, fake } = await renderDetail(idea, answersStep(idea, { status: "pending_review" }));

    expect(stepButtons(dialog)).toEqual(["Ask for revision", "Endorse to admins"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Endorse to admins" }));
    const form = within(dialog).getByRole("form", { name: "Endorse to admins" });
    expect(form).toHaveTextContent("Endorse this idea for the administrators' decision?");
    await userEvent.click(within(form).getByRole("button", { name: "Endorse to admins" }));

    expect(await within(dialog).findByText("The idea has been endorsed to the admins.")).toBeInTheDocument();
    expect(fake.calls(transitionRoute(idea.id))[0]?.body).toEqual({ to: "pending_review" });
  });
});
