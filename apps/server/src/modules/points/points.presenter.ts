import type { PointHistoryEntry, PointsRulesAnswer } from "@ideaport/shared";
import type { PointsRules } from "../../db/schema/index.ts";
import type { LedgerHistoryRow } from "./points.repository.ts";

/** A ledger row as its owner's history shows it: the reason, and what earned or spent the points. */
export function presentHistoryEntry(row: LedgerHistoryRow): PointHistoryEntry {
  const entry: PointHistoryEntry = {
    delta: row.delta,
    // A challenge's reward is paid for the reason "approved" (one payment per idea and reason
    // key); the history names it for what it is.
    reason: row.referenceType === "challenge_reward" ? "challenge_reward" : row.reason,
    created_at: row.createdAt.toISOString(),
  };
  if (row.referenceId && ["idea", "idea_comment", "challenge_reward"].includes(row.referenceType ?? "")) {
    entry.idea_id = row.referenceId;
    if (row.ideaChallengeId && (row.referenceType === "challenge_reward" || row.reason === "challenge_answer")) {
      entry.challenge_id = row.ideaChallengeId;
    }
  }
  if (row.rewardId) entry.reward_id = row.rewardId;
  return entry;
}

export function presentRules(rules: PointsRules): PointsRulesAnswer {
  return {
    submit: rules.submit,
    approved: rules.approved,
    comment: rules.comment,
    challenge_answer: rules.challenge_answer,
  };
}
