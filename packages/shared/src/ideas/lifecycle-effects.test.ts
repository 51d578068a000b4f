import { describe, expect, it } from "vitest";
import { emailCategoryOf } from "../contracts/email-preferences.ts";
import { IDEA_TRANSITIONS, type IdeaStatus } from "./lifecycle.ts";
import {
  IDEA_TRANSITION_EFFECTS,
  type LifecycleEffects,
  MERGE_EFFECTS,
  transitionEffectsOf,
  transitionKeyOf,
} from "./lifecycle-effects.ts";

/** One step's effects as a sentence, the way a reader would ask for them. */
function describeEffects(effects: LifecycleEffects): string {
  const notices = effects.notify.map(({ to, type }) => `${to} gets ${type}`);
  const points =
    effects.points.length === 0
      ? "no points"
      : `points ${effects.points.join(", ")}${effects.pointsOnlyForPaidSubmissions ? " (paid submissions only)" : ""}`;
  return [
    ...notices,
    points,
    effects.createsAction ? "an action is created" : "no action",
    effects.audit ? `audit ${effects.audit}` : "no audit",
  ].join(", ");
}

describe("what each step of the idea lifecycle does", () => {
  it.each<[string, IdeaStatus, IdeaStatus, string]>([
    [
      "submitted",
      "draft",
      "submitted",
      "reviewers gets new_team_submission, points submit, challenge_answer (paid submissions only), no action, no audit",
    ],
    ["withdrawn by its author", "submitted", "draft", "no points, no action, no audit"],
    [
      "taken into review",
      "submitted",
      "under_review",
      "author gets idea_status_under_review, no points, no action, no audit",
    ],
    [
      "sent back for revision",
      "under_review",
      "needs_revision",
      "author gets idea_status_needs_revision, no points, no action, no audit",
    ],
    [
      "revised",
      "needs_revision",
      "revision_submitted",
      "revision_requester gets revision_received, no points, no action, no audit",
    ],
    [
      "approved",
      "under_review",
      "approved",
      "author gets idea_status_approved, points approved, challenge_reward, merged_contributors, an action is created, audit idea.approved",
    ],
    [
      "rejected",
      "under_review",
      "rejected",
      "author gets idea_status_rejected, no points, no action, audit idea.rejected",
    ],
    [
      "endorsed for the admins' decision",
      "under_review",
      "pending_review",
      "author gets idea_status_pending_review, admins gets project_pending_review, no points, no action, audit idea.endorsed",
    ],
    [
      "approved by an admin",
      "pending_review",
      "approved",
      "author gets idea_status_approved, team_managers gets project_approved, points approved, challenge_reward, merged_contributors, an action is created, audit idea.approved",
    ],
    [
      "rejected by an admin",
      "pending_review",
      "rejected",
      "author gets idea_status_rejected, team_managers gets project_rejected, no points, no action, audit idea.rejected",
    ],
  ])("when an idea is %s (%s -> %s): %s", (_step, from, to, expected) => {
    expect(describeEffects(transitionEffectsOf(from, to))).toBe(expected);
  });

  it("has effects for every step of the lifecycle table, and for no other", () => {
    const steps = IDEA_TRANSITIONS.filter((row) => !row.startsReview).map((row) => transitionKeyOf(row.from, row.to));
    expect(Object.keys(IDEA_TRANSITION_EFFECTS).sort()).toEqual([...new Set(steps)].sort());
  });

  it("when a duplicate is merged into another idea: its author hears of it, nobody earns points yet, the audit records it", () => {
    expect(describeEffects(MERGE_EFFECTS)).toBe("author gets idea_merged, no points, no action, audit idea.merged");
    // Mailed as a decision not to take the duplicate forward on its own.
    expect(emailCategoryOf("idea_merged")).toBe("rejections");
  });

  it("does nothing for a step the table does not have", () => {
    expect(describeEffects(transitionEffectsOf("draft", "approved"))).toBe("no points, no action, no audit");
  });
});
