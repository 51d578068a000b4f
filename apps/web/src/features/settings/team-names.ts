import type { TeamSummary } from "@ideaport/shared";

/** Codes whose message belongs under a team-name field. */
export const TEAM_NAME_ERROR_CODES = ["team.name_taken"];

/** True when another of `teams` already has this name, ignoring case and surrounding spaces. */
export function isTakenTeamName(name: string, teams: readonly TeamSummary[], exceptId?: string): boolean {
  const key = name.trim().toLowerCase();
  return teams.some((team) => team.id !== exceptId && team.name.trim().toLowerCase() === key);
}
