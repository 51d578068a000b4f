import type { Challenge } from "@ideaport/shared";
import type { ChallengeStatus } from "../../db/schema.ts";
import type { Viewer } from "../ideas/viewer.ts";
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

/** The creator or an admin may edit and close a challenge that is not closed or rejected. */
export function canEditChallenge(viewer: Viewer, challenge: { createdBy: string; status: ChallengeStatus }): boolean {
  if (challenge.status === "closed" || challenge.status === "rejected") return false;
  return viewer.isAdmin || challenge.createdBy === viewer.userId;
}

/** A challenge row as the API answers it, with what the viewer may do with it. */
export function presentChallenge(row: ChallengeListRow, viewer: Viewer, now: Date): Challenge {
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
    can_edit: canEditChallenge(viewer, row),
    can_decide: viewer.isAdmin && row.status === "proposed",
    is_open: isChallengeOpen(row, now),
  };
}
