/**
 * The idea lifecycle as one transition table, from draft to approved or rejected, each step with
 * who may take it. The server enforces it (an illegal step answers 409, a step by someone not
 * allowed 403); the screens use `allowedTransitions` to show only the buttons the viewer may press.
 */

import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { IDEA_MESSAGES } from "./limits.ts";

/** Every status an idea can have, in lifecycle order. */
export const IDEA_STATUSES = [
  "draft",
  "submitted",
  "under_review",
  "needs_revision",
  "revision_submitted",
  "pending_review",
  "approved",
  "rejected",
  "merged",
] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

/** Statuses after which nothing more happens to an idea. */
export const FINAL_IDEA_STATUSES: readonly IdeaStatus[] = ["approved", "rejected", "merged"];

/**
 * Who takes a step. `team_manager` is a manager of the idea's team (or an admin, who may act as
 * any team's manager); `admin` is a company administrator.
 */
export type LifecycleActor = "author" | "team_manager" | "admin";

/** A condition on the idea: whether it answers a company-scope challenge. */
export type TransitionCondition = "company_challenge" | "not_company_challenge";

export interface IdeaTransition {
  from: IdeaStatus;
  to: IdeaStatus;
  actor: LifecycleActor;
  when?: TransitionCondition;
  /** The step needs a note the author reads: what should change, or why the idea is rejected. */
  requiresNote?: boolean;
  /**
   * The step is taken straight from `revision_submitted`: it is recorded as the review starting
   * again, then as the step itself, with the effects of the step from `under_review`.
   */
  startsReview?: true;
}

/** What a reviewer may do with an idea under review. */
const REVIEW_STEPS: readonly IdeaTransition[] = [
  { from: "under_review", to: "needs_revision", actor: "team_manager", requiresNote: true },
  { from: "under_review", to: "approved", actor: "team_manager", when: "not_company_challenge" },
  { from: "under_review", to: "rejected", actor: "team_manager", when: "not_company_challenge", requiresNote: true },
  { from: "under_review", to: "pending_review", actor: "team_manager", when: "company_challenge" },
];

/**
 * One row per allowed step: from, to, and who may take it. The author may withdraw a submitted
 * idea nobody has started reviewing (it becomes a draft again). A resubmitted revision is decided
 * at once: its reviewer's steps are those of an idea under review, each recorded as the review
 * starting again and then the step, so there is no separate Start review for a revision.
 */
export const IDEA_TRANSITIONS: readonly IdeaTransition[] = [
  { from: "draft", to: "submitted", actor: "author" },
  { from: "submitted", to: "draft", actor: "author" },
  { from: "submitted", to: "under_review", actor: "team_manager" },
  ...REVIEW_STEPS,
  { from: "needs_revision", to: "revision_submitted", actor: "author" },
  ...REVIEW_STEPS.map((row): IdeaTransition => ({ ...row, from: "revision_submitted", startsReview: true })),
  { from: "pending_review", to: "approved", actor: "admin" },
  { from: "pending_review", to: "rejected", actor: "admin", requiresNote: true },
];

/** What the lifecycle needs to know about an idea. */
export interface LifecycleIdea {
  status: IdeaStatus;
  /** True when the idea answers a company-scope challenge (its decision goes to the admins). */
  answersCompanyChallenge: boolean;
}

/**
 * Merging a duplicate: an idea still open for review is merged into another open idea and becomes
 * `merged`, a final status reached only this way (POST /api/project-ideas/{id}/merge/, never a
 * transition). One row per status a duplicate may be merged from, with who may merge it: the
 * reviewer who would decide it now (an idea waiting for the admins' decision is the admins').
 */
export const IDEA_MERGES: readonly { from: IdeaStatus; actor: LifecycleActor }[] = [
  { from: "submitted", actor: "team_manager" },
  { from: "under_review", actor: "team_manager" },
  { from: "needs_revision", actor: "team_manager" },
  { from: "revision_submitted", actor: "team_manager" },
  { from: "pending_review", actor: "admin" },
];

/** Statuses an idea may be merged into: submitted and not yet decided (never a draft, never a final status). */
export function isMergeTarget(status: IdeaStatus): boolean {
  return status !== "draft" && !FINAL_IDEA_STATUSES.includes(status);
}

/**
 * Why merging `duplicate` into `target` is allowed or not, for a viewer who sees both:
 * `illegal` (409) when either idea is not open for it or both are the same idea, `forbidden`
 * (403) when the viewer may not decide on the duplicate, `ownIdea` when either idea is theirs
 * (nobody decides on their own idea, and a merge decides on both).
 */
export function checkMerge(
  duplicate: LifecycleIdea & { id: string },
  target: LifecycleIdea & { id: string },
  viewer: { ofDuplicate: LifecycleViewer; ofTarget: LifecycleViewer },
):
  | { result: "allowed" }
  | { result: "illegal"; reason: "same_idea" | "duplicate_closed" | "target_closed" }
  | {
      result: "forbidden";
      ownIdea?: true;
    } {
  if (duplicate.id === target.id) return { result: "illegal", reason: "same_idea" };
  const row = IDEA_MERGES.find((merge) => merge.from === duplicate.status);
  if (!row) return { result: "illegal", reason: "duplicate_closed" };
  if (!isMergeTarget(target.status)) return { result: "illegal", reason: "target_closed" };
  if (viewer.ofDuplicate.isAuthor || viewer.ofTarget.isAuthor) {
    const reviewing = reviewingActorsOf(viewer.ofDuplicate);
    return reviewing.has(row.actor) ? { result: "forbidden", ownIdea: true } : { result: "forbidden" };
  }
  return reviewingActorsOf(viewer.ofDuplicate).has(row.actor) ? { result: "allowed" } : { result: "forbidden" };
}

/** True when `viewer` may merge `idea` into another open idea (the Merge buttons). */
export function canMergeAway(idea: LifecycleIdea, viewer: LifecycleViewer): boolean {
  const row = IDEA_MERGES.find((merge) => merge.from === idea.status);
  return row !== undefined && lifecycleActorsOf(viewer).has(row.actor);
}

/** What the lifecycle needs to know about the person acting, relative to the idea. */
export interface LifecycleViewer {
  isAuthor: boolean;
  /** The viewer manages the idea's team. */
  managesIdeaTeam: boolean;
  isAdmin: boolean;
}

/**
 * The roles a viewer would hold on an idea if it were not theirs: admins hold every reviewing
 * role, a manager of the idea's team the team manager's.
 */
function reviewingActorsOf(viewer: LifecycleViewer): Set<LifecycleActor> {
  const actors = new Set<LifecycleActor>();
  if (viewer.isAdmin) {
    actors.add("admin");
    actors.add("team_manager");
  } else if (viewer.managesIdeaTeam) {
    actors.add("team_manager");
  }
  return actors;
}

/**
 * The lifecycle roles a viewer holds on an idea. Nobody decides on their own idea, whatever their
 * role: the author holds only the author's steps, and every reviewing step (start review, ask for
 * a revision, endorse, approve, reject) falls to another manager of the team or an admin.
 */
export function lifecycleActorsOf(viewer: LifecycleViewer): ReadonlySet<LifecycleActor> {
  if (viewer.isAuthor) return new Set<LifecycleActor>(["author"]);
  return reviewingActorsOf(viewer);
}

/** Who must take the next reviewing step of an idea its author would otherwise take. */
export const OWN_IDEA_REVIEWERS = ["another_reviewer", "another_administrator"] as const;
export type OwnIdeaReviewer = (typeof OWN_IDEA_REVIEWERS)[number];

/**
 * Whether the viewer is the author of an idea they would review now if it were someone else's,
 * and who decides instead: another administrator for the admins' decision on a company-challenge
 * answer (it waits, however long, when the author is the only one), else another manager of the
 * team or an administrator. Null when the viewer is not such an author-reviewer.
 */
export function ownIdeaReviewerOf(idea: LifecycleIdea, viewer: LifecycleViewer): OwnIdeaReviewer | null {
  if (!viewer.isAuthor) return null;
  const reviewing = reviewingActorsOf(viewer);
  const rows = IDEA_TRANSITIONS.filter(
    (row) => row.from === idea.status && conditionHolds(idea, row.when) && reviewing.has(row.actor),
  );
  if (rows.length === 0) return null;
  return rows.every((row) => row.actor === "admin") ? "another_administrator" : "another_reviewer";
}

function conditionHolds(idea: LifecycleIdea, when: TransitionCondition | undefined): boolean {
  if (when === undefined) return true;
  return when === "company_challenge" ? idea.answersCompanyChallenge : !idea.answersCompanyChallenge;
}

/** The table rows that take this idea from its status to `to`, whoever acts. */
export function transitionsTo(idea: LifecycleIdea, to: IdeaStatus): IdeaTransition[] {
  return IDEA_TRANSITIONS.filter((row) => row.from === idea.status && row.to === to && conditionHolds(idea, row.when));
}

/**
 * Why a step is allowed or not: `illegal` when no row of the table leads there (409),
 * `forbidden` when a row exists but the viewer holds none of its roles (403).
 */
export type TransitionCheck =
  | { result: "allowed"; transition: IdeaTransition }
  | { result: "illegal" }
  | { result: "forbidden"; ownIdea?: true };

/**
 * Checks one step against the table. A refusal carries `ownIdea` when the viewer could take the
 * step on anyone else's idea: it is theirs, and nobody decides on their own idea.
 */
export function checkTransition(idea: LifecycleIdea, to: IdeaStatus, viewer: LifecycleViewer): TransitionCheck {
  const rows = transitionsTo(idea, to);
  if (rows.length === 0) return { result: "illegal" };
  const actors = lifecycleActorsOf(viewer);
  const transition = rows.find((row) => actors.has(row.actor));
  if (transition) return { result: "allowed", transition };
  if (viewer.isAuthor && rows.some((row) => reviewingActorsOf(viewer).has(row.actor))) {
    return { result: "forbidden", ownIdea: true };
  }
  return { result: "forbidden" };
}

/** True when `viewer` may move `idea` to `to`. */
export function canTransition(idea: LifecycleIdea, to: IdeaStatus, viewer: LifecycleViewer): boolean {
  return checkTransition(idea, to, viewer).result === "allowed";
}

/** The statuses `viewer` may move `idea` to, in table order. */
export function allowedTransitions(idea: LifecycleIdea, viewer: LifecycleViewer): IdeaStatus[] {
  const actors = lifecycleActorsOf(viewer);
  const targets: IdeaStatus[] = [];
  for (const row of IDEA_TRANSITIONS) {
    if (row.from !== idea.status || !conditionHolds(idea, row.when) || !actors.has(row.actor)) continue;
    if (!targets.includes(row.to)) targets.push(row.to);
  }
  return targets;
}

/** What a step that needs a note says when it was left out. */
export function missingNoteMessage(to: IdeaStatus): MessageDescriptor {
  return to === "rejected" ? IDEA_MESSAGES.rejectionReasonRequired : IDEA_MESSAGES.noteRequired;
}

/**
 * Votes go to submitted ideas of others: never to a draft, never to one's own idea, never to a
 * merged idea (its votes went to the idea it was merged into).
 */
export function canVoteFor(idea: Pick<LifecycleIdea, "status">, viewer: Pick<LifecycleViewer, "isAuthor">): boolean {
  return idea.status !== "draft" && idea.status !== "merged" && !viewer.isAuthor;
}

/** True while the author may edit the idea's text. */
export function isEditableStatus(status: IdeaStatus): boolean {
  return status === "draft" || status === "needs_revision";
}

/** Labels for the screens. */
export const IDEA_STATUS_LABELS: Readonly<Record<IdeaStatus, MessageDescriptor>> = defineMessages({
  draft: { id: "shared.ideas.status.draft", defaultMessage: "Draft" },
  submitted: { id: "shared.ideas.status.submitted", defaultMessage: "Submitted" },
  under_review: { id: "shared.ideas.status.underReview", defaultMessage: "Under review" },
  needs_revision: { id: "shared.ideas.status.needsRevision", defaultMessage: "Needs revision" },
  revision_submitted: { id: "shared.ideas.status.revisionSubmitted", defaultMessage: "Revision submitted" },
  pending_review: { id: "shared.ideas.status.pendingReview", defaultMessage: "Pending admin review" },
  approved: { id: "shared.ideas.status.approved", defaultMessage: "Approved" },
  rejected: { id: "shared.ideas.status.rejected", defaultMessage: "Rejected" },
  merged: { id: "shared.ideas.status.merged", defaultMessage: "Merged" },
});
