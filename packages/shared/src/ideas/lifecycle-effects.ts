/**
 * What each step of the idea lifecycle does, beside the table of who may take it
 * (`lifecycle.ts`): who is told and with which notification, which points the author earns,
 * whether an action is created, and what the audit log records. The server runs this table as
 * it stands; one row answers "what happens when an idea is approved?".
 */
import type { NotificationType } from "../notifications.ts";
import type { IdeaStatus } from "./lifecycle.ts";

/**
 * Who hears of a step.
 * - `author`: the idea's author.
 * - `reviewers`: the managers of the idea's team, or the company's admins when the team has no
 *   manager but the author (someone must review it); never the author.
 * - `revision_requester`: whoever asked for the latest revision, else the reviewers.
 * - `team_managers`: the managers of the idea's team.
 * - `admins`: the company's admins.
 *
 * Nobody hears of a step they took themselves; nobody but `author` hears as the author.
 */
export type LifecycleRecipient = "author" | "reviewers" | "revision_requester" | "team_managers" | "admins";

/** One notification a step sends. */
export interface LifecycleNotice {
  type: NotificationType;
  to: LifecycleRecipient;
}

/**
 * Points a step pays the author, by points rule.
 * - `submit`, `approved`: the company's rule of that name.
 * - `challenge_answer`: the company's rule, when the idea answers a challenge.
 * - `challenge_reward`: the reward the idea's challenge promises, when it promises one (paid
 *   for the reason "approved").
 * - `merged_contributors`: not the author's: each author of an idea merged into this one earns
 *   the contributor's share of the approved rule (`mergedContributorPoints`), once per idea.
 */
export type LifecyclePoints = "submit" | "challenge_answer" | "approved" | "challenge_reward" | "merged_contributors";

/**
 * The side effects of one step, carried out in the step's transaction: the notifications, the
 * action, the points, then the audit entry.
 */
export interface LifecycleEffects {
  /** Notifications, in the order they are sent. */
  notify: readonly LifecycleNotice[];
  /** An action is created to carry the idea out, owned by whoever took the step. */
  createsAction?: true;
  /** Points paid to the author, in this order. */
  points: readonly LifecyclePoints[];
  /** The points are paid only for the first few submissions of the author's day. */
  pointsOnlyForPaidSubmissions?: true;
  /** The audit log records the step under this action. */
  audit?: "idea.endorsed" | "idea.approved" | "idea.rejected" | "idea.merged";
}

/** A step of the lifecycle table, `from->to`. */
export type IdeaTransitionKey = `${IdeaStatus}->${IdeaStatus}`;

/** The key of the step from `from` to `to`. */
export function transitionKeyOf(from: IdeaStatus, to: IdeaStatus): IdeaTransitionKey {
  return `${from}->${to}`;
}

const SUBMISSION: LifecycleEffects = {
  notify: [{ type: "new_team_submission", to: "reviewers" }],
  points: ["submit", "challenge_answer"],
  pointsOnlyForPaidSubmissions: true,
};

const REVIEW_STARTED: LifecycleEffects = {
  notify: [{ type: "idea_status_under_review", to: "author" }],
  points: [],
};

/** What an approval does besides telling people, whoever decides: the action, the author's points, the audit. */
const APPROVAL: Omit<LifecycleEffects, "notify"> = {
  createsAction: true,
  points: ["approved", "challenge_reward", "merged_contributors"],
  audit: "idea.approved",
};

/** What a rejection does besides telling people, whoever decides: no points, the audit. */
const REJECTION: Omit<LifecycleEffects, "notify"> = { points: [], audit: "idea.rejected" };

/**
 * One row per step of `IDEA_TRANSITIONS` (a step that starts the review on the way has the effects
 * of the step from `under_review`). Creating an idea straight away (no draft) has the
 * effects of `draft->submitted`.
 */
export const IDEA_TRANSITION_EFFECTS: Readonly<Partial<Record<IdeaTransitionKey, LifecycleEffects>>> = {
  "draft->submitted": SUBMISSION,
  // Withdrawn before anyone started reviewing: nobody else has acted on it yet. The submission's
  // points stay (a submission pays once, so submitting again pays nothing more).
  "submitted->draft": { notify: [], points: [] },
  "submitted->under_review": REVIEW_STARTED,
  "under_review->needs_revision": {
    notify: [{ type: "idea_status_needs_revision", to: "author" }],
    points: [],
  },
  "needs_revision->revision_submitted": {
    notify: [{ type: "revision_received", to: "revision_requester" }],
    points: [],
  },
  "under_review->approved": { notify: [{ type: "idea_status_approved", to: "author" }], ...APPROVAL },
  "under_review->rejected": { notify: [{ type: "idea_status_rejected", to: "author" }], ...REJECTION },
  "under_review->pending_review": {
    notify: [
      { type: "idea_status_pending_review", to: "author" },
      { type: "project_pending_review", to: "admins" },
    ],
    points: [],
    audit: "idea.endorsed",
  },
  "pending_review->approved": {
    notify: [
      { type: "idea_status_approved", to: "author" },
      { type: "project_approved", to: "team_managers" },
    ],
    ...APPROVAL,
  },
  "pending_review->rejected": {
    notify: [
      { type: "idea_status_rejected", to: "author" },
      { type: "project_rejected", to: "team_managers" },
    ],
    ...REJECTION,
  },
};

/**
 * What merging a duplicate does (from any status it may be merged from): its author hears that it
 * was merged, and into which idea; no points now (its author earns a contributor's share if the
 * idea it was merged into is approved); the audit records it.
 */
export const MERGE_EFFECTS: LifecycleEffects = {
  notify: [{ type: "idea_merged", to: "author" }],
  points: [],
  audit: "idea.merged",
};

const NO_EFFECTS: LifecycleEffects = { notify: [], points: [] };

/** What the step from `from` to `to` does (nothing for a step the table does not have). */
export function transitionEffectsOf(from: IdeaStatus, to: IdeaStatus): LifecycleEffects {
  return IDEA_TRANSITION_EFFECTS[transitionKeyOf(from, to)] ?? NO_EFFECTS;
}
