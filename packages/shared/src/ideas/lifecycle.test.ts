import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  canMergeAway,
  canTransition,
  checkMerge,
  checkTransition,
  FINAL_IDEA_STATUSES,
  IDEA_MERGES,
  IDEA_STATUSES,
  IDEA_TRANSITIONS,
  type IdeaStatus,
  isEditableStatus,
  isMergeTarget,
  type LifecycleActor,
  type LifecycleViewer,
  lifecycleActorsOf,
  ownIdeaReviewerOf,
} from "./lifecycle.ts";

const AUTHOR: LifecycleViewer = { isAuthor: true, managesIdeaTeam: false, isAdmin: false };
const TEAM_MANAGER: LifecycleViewer = { isAuthor: false, managesIdeaTeam: true, isAdmin: false };
const ADMIN: LifecycleViewer = { isAuthor: false, managesIdeaTeam: false, isAdmin: true };
const TEAMMATE: LifecycleViewer = { isAuthor: false, managesIdeaTeam: false, isAdmin: false };
const VIEWER_FOR: Record<LifecycleActor, LifecycleViewer> = {
  author: AUTHOR,
  team_manager: TEAM_MANAGER,
  admin: ADMIN,
};

const OPEN = false;
const COMPANY_CHALLENGE = true;

describe("idea lifecycle table: who may take each step", () => {
  // One row per row of the table: from, to, who, company challenge?
  it.each([
    ["draft", "submitted", "author", OPEN],
    ["submitted", "draft", "author", OPEN],
    ["submitted", "under_review", "team_manager", OPEN],
    ["under_review", "needs_revision", "team_manager", OPEN],
    ["needs_revision", "revision_submitted", "author", OPEN],
    ["revision_submitted", "needs_revision", "team_manager", OPEN],
    ["revision_submitted", "approved", "team_manager", OPEN],
    ["revision_submitted", "rejected", "team_manager", OPEN],
    ["revision_submitted", "pending_review", "team_manager", COMPANY_CHALLENGE],
    ["under_review", "approved", "team_manager", OPEN],
    ["under_review", "rejected", "team_manager", OPEN],
    ["under_review", "pending_review", "team_manager", COMPANY_CHALLENGE],
    ["pending_review", "approved", "admin", COMPANY_CHALLENGE],
    ["pending_review", "rejected", "admin", COMPANY_CHALLENGE],
  ] as const)("allows %s → %s by the %s (company challenge: %s)", (from, to, actor, answersCompanyChallenge) => {
    const idea = { status: from as IdeaStatus, answersCompanyChallenge };
    expect(canTransition(idea, to, VIEWER_FOR[actor])).toBe(true);
    expect(allowedTransitions(idea, VIEWER_FOR[actor])).toContain(to);
  });

  it("has exactly the rows tested above", () => {
    expect(IDEA_TRANSITIONS).toHaveLength(14);
    expect(IDEA_TRANSITIONS.filter((row) => row.requiresNote).map((row) => `${row.from} -> ${row.to}`)).toEqual([
      "under_review -> needs_revision",
      "under_review -> rejected",
      "revision_submitted -> needs_revision",
      "revision_submitted -> rejected",
      "pending_review -> rejected",
    ]);
    // A decision straight from a revision starts the review on the way.
    expect(IDEA_TRANSITIONS.filter((row) => row.startsReview).map((row) => row.from)).toEqual(
      Array(4).fill("revision_submitted"),
    );
  });

  // Steps no row leads to: 409 whoever asks.
  it.each([
    ["draft", "approved", OPEN],
    ["draft", "under_review", OPEN],
    ["submitted", "approved", OPEN],
    ["submitted", "needs_revision", OPEN],
    ["under_review", "draft", OPEN],
    ["under_review", "submitted", OPEN],
    ["under_review", "pending_review", OPEN],
    ["under_review", "approved", COMPANY_CHALLENGE],
    ["under_review", "rejected", COMPANY_CHALLENGE],
    ["needs_revision", "approved", OPEN],
    ["needs_revision", "under_review", OPEN],
    ["revision_submitted", "approved", COMPANY_CHALLENGE],
    ["revision_submitted", "draft", OPEN],
    // A revision has no Start review of its own: each decision records the review starting.
    ["revision_submitted", "under_review", OPEN],
    ["pending_review", "under_review", COMPANY_CHALLENGE],
    ["approved", "rejected", OPEN],
    ["approved", "under_review", OPEN],
    ["rejected", "approved", OPEN],
    ["rejected", "submitted", OPEN],
    ["submitted", "submitted", OPEN],
  ] as const)("refuses %s → %s as illegal (company challenge: %s)", (from, to, answersCompanyChallenge) => {
    const idea = { status: from as IdeaStatus, answersCompanyChallenge };
    for (const viewer of [AUTHOR, TEAM_MANAGER, ADMIN]) {
      expect(checkTransition(idea, to, viewer)).toEqual({ result: "illegal" });
    }
  });

  // Legal steps by the wrong person: 403.
  it.each([
    ["a manager submitting someone's draft", "draft", "submitted", TEAM_MANAGER],
    ["an admin submitting someone's draft", "draft", "submitted", ADMIN],
    ["the author opening their own idea", "submitted", "under_review", AUTHOR],
    ["a teammate opening it", "submitted", "under_review", TEAMMATE],
    ["the author approving their own idea", "under_review", "approved", AUTHOR],
    ["a teammate approving it", "under_review", "approved", TEAMMATE],
    ["the manager resubmitting for the author", "needs_revision", "revision_submitted", TEAM_MANAGER],
  ] as const)("forbids %s (%s → %s)", (_label, from, to, viewer) => {
    expect(checkTransition({ status: from as IdeaStatus, answersCompanyChallenge: false }, to, viewer)).toEqual({
      result: "forbidden",
    });
  });

  it("leaves the admin decision on company-challenge ideas to admins, not team managers", () => {
    const idea = { status: "pending_review" as const, answersCompanyChallenge: true };
    expect(checkTransition(idea, "approved", TEAM_MANAGER)).toEqual({ result: "forbidden" });
    expect(canTransition(idea, "approved", ADMIN)).toBe(true);
  });

  it("lets an admin act as any team's manager", () => {
    const idea = { status: "submitted" as const, answersCompanyChallenge: false };
    expect(allowedTransitions(idea, ADMIN)).toEqual(["under_review"]);
  });

  describe("nobody decides on their own idea, whatever their role", () => {
    const ownIdeaAsManager: LifecycleViewer = { isAuthor: true, managesIdeaTeam: true, isAdmin: false };
    const ownIdeaAsAdmin: LifecycleViewer = { isAuthor: true, managesIdeaTeam: false, isAdmin: true };

    it("leaves the author only the author's steps", () => {
      expect([...lifecycleActorsOf(ownIdeaAsManager)]).toEqual(["author"]);
      expect([...lifecycleActorsOf(ownIdeaAsAdmin)]).toEqual(["author"]);
    });

    // Every reviewing step: start review, ask for revision, endorse, approve, reject.
    it.each([
      ["submitted", "under_review", OPEN],
      ["revision_submitted", "needs_revision", OPEN],
      ["revision_submitted", "approved", OPEN],
      ["under_review", "needs_revision", OPEN],
      ["under_review", "approved", OPEN],
      ["under_review", "rejected", OPEN],
      ["under_review", "pending_review", COMPANY_CHALLENGE],
      ["pending_review", "approved", COMPANY_CHALLENGE],
      ["pending_review", "rejected", COMPANY_CHALLENGE],
    ] as const)("forbids the manager or admin author %s → %s, saying it is their own idea", (from, to, company) => {
      const idea = { status: from as IdeaStatus, answersCompanyChallenge: company };
      for (const viewer of [ownIdeaAsManager, ownIdeaAsAdmin]) {
        if (from === "pending_review" && !viewer.isAdmin) continue;
        expect(checkTransition(idea, to, viewer)).toEqual({ result: "forbidden", ownIdea: true });
        // Only the author's own step is left: withdrawing a submission nobody reviews yet.
        expect(allowedTransitions(idea, viewer)).toEqual(from === "submitted" ? ["draft"] : []);
      }
    });

    it("does not call a plain author's refusal their own decision", () => {
      const idea = { status: "submitted" as const, answersCompanyChallenge: false };
      expect(checkTransition(idea, "under_review", AUTHOR)).toEqual({ result: "forbidden" });
      expect(ownIdeaReviewerOf(idea, AUTHOR)).toBeNull();
    });

    it("says who decides instead: another reviewer, or for the admins' decision another administrator", () => {
      const submitted = { status: "submitted" as const, answersCompanyChallenge: false };
      const pending = { status: "pending_review" as const, answersCompanyChallenge: true };
      expect(ownIdeaReviewerOf(submitted, ownIdeaAsManager)).toBe("another_reviewer");
      expect(ownIdeaReviewerOf(submitted, ownIdeaAsAdmin)).toBe("another_reviewer");
      expect(ownIdeaReviewerOf(pending, ownIdeaAsAdmin)).toBe("another_administrator");
      // A manager never decides at that stage anyway, author or not.
      expect(ownIdeaReviewerOf(pending, ownIdeaAsManager)).toBeNull();
      expect(ownIdeaReviewerOf({ status: "approved", answersCompanyChallenge: false }, ownIdeaAsAdmin)).toBeNull();
      expect(ownIdeaReviewerOf(submitted, ADMIN)).toBeNull();
    });
  });

  it("offers a reviewer every decision available under review", () => {
    expect(allowedTransitions({ status: "under_review", answersCompanyChallenge: false }, TEAM_MANAGER)).toEqual([
      "needs_revision",
      "approved",
      "rejected",
    ]);
    expect(allowedTransitions({ status: "under_review", answersCompanyChallenge: true }, TEAM_MANAGER)).toEqual([
      "needs_revision",
      "pending_review",
    ]);
    expect(allowedTransitions({ status: "under_review", answersCompanyChallenge: false }, TEAMMATE)).toEqual([]);
  });

  it("offers the same decisions at once on a resubmitted revision, and no Start review", () => {
    for (const viewer of [TEAM_MANAGER, ADMIN]) {
      for (const answersCompanyChallenge of [OPEN, COMPANY_CHALLENGE]) {
        expect(allowedTransitions({ status: "revision_submitted", answersCompanyChallenge }, viewer)).toEqual(
          allowedTransitions({ status: "under_review", answersCompanyChallenge }, viewer),
        );
      }
    }
    expect(allowedTransitions({ status: "revision_submitted", answersCompanyChallenge: OPEN }, TEAM_MANAGER)).toEqual([
      "needs_revision",
      "approved",
      "rejected",
    ]);
    expect(allowedTransitions({ status: "revision_submitted", answersCompanyChallenge: OPEN }, TEAMMATE)).toEqual([]);
    expect(allowedTransitions({ status: "revision_submitted", answersCompanyChallenge: OPEN }, AUTHOR)).toEqual([]);
  });

  it("offers nothing once an idea is approved or rejected", () => {
    for (const status of ["approved", "rejected"] as const) {
      for (const viewer of [AUTHOR, TEAM_MANAGER, ADMIN]) {
        expect(allowedTransitions({ status, answersCompanyChallenge: false }, viewer)).toEqual([]);
      }
    }
  });

  it("reaches every status from a draft (merged by a merge from an open status)", () => {
    const reached = new Set<IdeaStatus>(["draft"]);
    for (let changed = true; changed; ) {
      changed = false;
      for (const row of IDEA_TRANSITIONS) {
        if (reached.has(row.from) && !reached.has(row.to)) {
          reached.add(row.to);
          changed = true;
        }
      }
    }
    if (IDEA_MERGES.some((row) => reached.has(row.from))) reached.add("merged");
    expect([...reached].sort()).toEqual([...IDEA_STATUSES].sort());
  });

  it("lets the author edit only drafts and ideas that need revision", () => {
    expect(IDEA_STATUSES.filter(isEditableStatus)).toEqual(["draft", "needs_revision"]);
  });
});

describe("merging a duplicate into another idea", () => {
  const open = (id: string, status: IdeaStatus, answersCompanyChallenge = false) => ({
    id,
    status,
    answersCompanyChallenge,
  });
  const as = (viewer: LifecycleViewer) => ({ ofDuplicate: viewer, ofTarget: TEAMMATE });

  it("is a final status reached only by a merge, never a step of the table", () => {
    expect(FINAL_IDEA_STATUSES).toEqual(["approved", "rejected", "merged"]);
    expect(IDEA_TRANSITIONS.some((row) => row.from === "merged" || row.to === "merged")).toBe(false);
    for (const viewer of [AUTHOR, TEAM_MANAGER, ADMIN]) {
      expect(allowedTransitions({ status: "merged", answersCompanyChallenge: false }, viewer)).toEqual([]);
    }
  });

  // One row per status a duplicate may be merged from, with who may merge it.
  it.each([
    ["submitted", "team_manager", OPEN],
    ["under_review", "team_manager", OPEN],
    ["needs_revision", "team_manager", OPEN],
    ["revision_submitted", "team_manager", OPEN],
    ["pending_review", "admin", COMPANY_CHALLENGE],
  ] as const)("merges a duplicate that is %s by the %s", (from, actor, company) => {
    expect(IDEA_MERGES).toContainEqual({ from, actor });
    const duplicate = open("b", from, company);
    expect(checkMerge(duplicate, open("a", "under_review"), as(VIEWER_FOR[actor]))).toEqual({ result: "allowed" });
    expect(canMergeAway(duplicate, VIEWER_FOR[actor])).toBe(true);
  });

  it("has exactly the rows above", () => {
    expect(IDEA_MERGES).toHaveLength(5);
  });

  it("leaves a duplicate waiting for the admins' decision to the admins", () => {
    const duplicate = open("b", "pending_review", COMPANY_CHALLENGE);
    expect(checkMerge(duplicate, open("a", "submitted"), as(TEAM_MANAGER))).toEqual({ result: "forbidden" });
    expect(canMergeAway(duplicate, TEAM_MANAGER)).toBe(false);
  });

  it.each(["draft", "approved", "rejected", "merged"] as const)("refuses to merge a duplicate that is %s", (from) => {
    expect(checkMerge(open("b", from), open("a", "submitted"), as(ADMIN))).toEqual({
      result: "illegal",
      reason: "duplicate_closed",
    });
    expect(canMergeAway(open("b", from), ADMIN)).toBe(false);
  });

  it.each(["draft", "approved", "rejected", "merged"] as const)("refuses to merge into an idea that is %s", (into) => {
    expect(isMergeTarget(into)).toBe(false);
    expect(checkMerge(open("b", "submitted"), open("a", into), as(ADMIN))).toEqual({
      result: "illegal",
      reason: "target_closed",
    });
  });

  it("refuses to merge an idea into itself", () => {
    expect(checkMerge(open("a", "submitted"), open("a", "submitted"), as(ADMIN))).toEqual({
      result: "illegal",
      reason: "same_idea",
    });
  });

  it("forbids a teammate, and anyone whose own idea either one is", () => {
    const duplicate = open("b", "submitted");
    const target = open("a", "submitted");
    expect(checkMerge(duplicate, target, as(TEAMMATE))).toEqual({ result: "forbidden" });
    const ownAsManager: LifecycleViewer = { isAuthor: true, managesIdeaTeam: true, isAdmin: false };
    expect(checkMerge(duplicate, target, { ofDuplicate: ownAsManager, ofTarget: TEAMMATE })).toEqual({
      result: "forbidden",
      ownIdea: true,
    });
    expect(checkMerge(duplicate, target, { ofDuplicate: ADMIN, ofTarget: AUTHOR })).toEqual({
      result: "forbidden",
      ownIdea: true,
    });
  });
});
