import type { Challenge, ChallengeAbilitySubject } from "@ideaport/shared";
import { type CompanyCaller, isAllowed } from "../../core/caller.ts";
import type { ChallengeStatus } from "../../db/schema/index.ts";
import type { ChallengeListRow } from "./challenges.repository.ts";

/** Open for new ideas: active, started, and its deadline not passed. */
export function isChallengeOpen(
  challenge: { status: ChallengeStatus; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  if (challenge.status !== "active") return false;
  if (challenge.startsAt && challenge.startsAt > now) return false;
  return !(challenge.endsAt && challenge.endsAt < now);
}

/** A closed or rejected challenge is no longer changed by anyone. */
export function isChallengeEditable(challenge: { status: ChallengeStatus }): boolean {
  return challenge.status !== "closed" && challenge.status !== "rejected";
}

/** The shared challenge.manage rule (who) and the status (whether anything may still change). */
export function canEditChallenge(caller: CompanyCaller, challenge: ChallengeAbilitySubject): boolean {
  return isChallengeEditable(challenge) && isAllowed(caller, "challenge.manage", { challenge });
}

/** A challenge row as the API answers it, with what the caller may do with it. */
export function presentChallenge(row: ChallengeListRow, caller: CompanyCaller, now: Date): Challenge {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    scope: row.scope,
    team_id: row.teamId,
    team_name: row.teamName,
    status: row.status,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    reward_points: row.rewardPoints,
    created_by: row.createdBy,
    created_by_name: row.creatorName,
    created_at: row.createdAt.toISOString(),
    idea_count: Number(row.ideaCount),
    decided_at: row.decidedAt?.toISOString() ?? null,
    // The reason of a decision on a proposal is meant for its proposer (and the admins).
    decision_note: row.createdBy === caller.id || caller.isAdmin ? row.decisionNote : null,
    can_edit: canEditChallenge(caller, row),
    can_decide: row.status === "proposed" && isAllowed(caller, "challenge.decide"),
    is_open: isChallengeOpen(row, now),
  };
}
