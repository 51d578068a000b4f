import type { ActionStatus, IdeaStatus } from "@ideaport/shared";

export const IDEA_DETAIL_MESSAGES = {
  loading: "Loading idea…",
  saved: "Your changes have been saved.",
  noDescription: "No description yet.",
  noHistory: "No status changes yet.",
  noRevisions: "No revisions yet.",
  noComments: "No comments yet. Be the first to say what you think.",
  commentsClosed: "Comments open once the idea is submitted.",
  commentPosted: "Your comment has been posted.",
  /** Who took a step whose taker is no longer known. */
  theReviewer: "The reviewer",
} as const;

export const BRAIN_DUMP_MESSAGES = {
  intro: "A title is enough to save a draft. To submit, add a description: what problem it solves, and how.",
  savedDraft: "Saved as a draft. You can finish it from your submissions.",
  submitted: "Submitted! Your manager will review it and you will hear about every step.",
  /** A manager's or administrator's own idea is reviewed by someone else. */
  submittedForAnotherReviewer:
    "Submitted! Another manager of the team or an administrator will review it, and you will hear about every step.",
  similarHint: "Someone may have had this idea already. Open one to vote or comment instead.",
} as const;

export const ADD_CHALLENGE_MESSAGES = {
  proposalNote:
    "Company challenges you post are proposals: an administrator approves or denies them before the company sees them.",
  posted: (title: string, where: string) => `Your challenge "${title}" is live for ${where}.`,
  proposed: (title: string) => `Your proposal "${title}" was sent to the administrators for approval.`,
  saved: (title: string) => `The challenge "${title}" was saved.`,
  noTeam: "You manage no team, so you can only propose company challenges.",
} as const;

/**
 * The button that takes an idea to each status. The lifecycle table decides which of them a
 * viewer sees (the server answers them as `allowed_transitions`).
 */
export const TRANSITION_LABELS: Readonly<Record<IdeaStatus, string>> = {
  draft: "Withdraw",
  submitted: "Submit",
  under_review: "Start review",
  needs_revision: "Ask for revision",
  revision_submitted: "Resubmit",
  pending_review: "Endorse to admins",
  approved: "Approve",
  rejected: "Reject",
};

/** What a step did, said after it succeeded. */
export const STEP_DONE: Readonly<Record<IdeaStatus, string>> = {
  draft: "Your idea has been withdrawn. It is a draft again: change it, submit it again, or delete it.",
  submitted: "Your idea has been submitted.",
  under_review: "The review has started.",
  needs_revision: "The author has been asked for a revision.",
  revision_submitted: "Your revision has been submitted.",
  pending_review: "The idea has been endorsed to the admins.",
  approved: "The idea has been approved.",
  rejected: "The idea has been rejected.",
};

/** Each action status as the board names it. */
export const ACTION_STATUS_LABELS: Readonly<Record<ActionStatus, string>> = {
  todo: "To do",
  in_progress: "In progress",
  blocked: "Blocked",
  done: "Done",
};

/** What the pending decision says while it can still be undone. */
export const PENDING_TEXT: Partial<Record<IdeaStatus, string>> = {
  approved: "Approving this idea.",
  rejected: "Rejecting this idea.",
};
