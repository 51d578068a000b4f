import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/messages.ts";
import {
  challengeRewardText,
  describePointsRules,
  mergedContributorPoints,
  POINT_HISTORY_REASON_LABELS,
  POINT_HISTORY_REASONS,
  pointHistoryReasonLabel,
  pointsText,
} from "./points.ts";

const english = createTranslator("en", {});

describe("points texts", () => {
  it("names every history reason, and an unknown one neutrally", () => {
    expect(Object.keys(POINT_HISTORY_REASON_LABELS).sort()).toEqual([...POINT_HISTORY_REASONS].sort());
    expect(english(pointHistoryReasonLabel("challenge_reward"))).toBe("Challenge reward");
    expect(english(pointHistoryReasonLabel("something_new"))).toBe("Points changed");
  });

  it("gives the author of a merged idea half the approved rule, rounded down, when the idea it joined is approved", () => {
    expect(mergedContributorPoints({ approved: 50 })).toBe(25);
    expect(mergedContributorPoints({ approved: 5 })).toBe(2);
    expect(mergedContributorPoints({ approved: 1 })).toBe(0);
    expect(mergedContributorPoints({ approved: 0 })).toBe(0);
  });

  it("counts points in words", () => {
    expect(pointsText(0, english)).toBe("0 points");
    expect(pointsText(1, english)).toBe("1 point");
    expect(pointsText(-1, english)).toBe("-1 point");
    expect(pointsText(20, english)).toBe("20 points");
    expect(challengeRewardText(20, english)).toBe("20 points when an answer is approved");
    expect(challengeRewardText(1, english)).toBe("1 point when an answer is approved");
  });

  it("says how points are earned by the company's rules", () => {
    expect(describePointsRules({ submit: 10, approved: 50, comment: 2, challenge_answer: 20 }, english)).toBe(
      "You earn 10 points for each idea you submit, 50 when one is approved, 2 for a comment and 20 for answering a challenge.",
    );
    expect(describePointsRules({ submit: 0, approved: 1, comment: 0, challenge_answer: 5 }, english)).toBe(
      "You earn 1 point when an idea of yours is approved and 5 for answering a challenge.",
    );
    expect(describePointsRules({ submit: 0, approved: 0, comment: 3, challenge_answer: 0 }, english)).toBe(
      "You earn 3 points for a comment.",
    );
    expect(describePointsRules({ submit: 0, approved: 0, comment: 0, challenge_answer: 0 }, english)).toBe(
      "Points are not being awarded at the moment.",
    );
  });
});
