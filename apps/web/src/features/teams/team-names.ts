import type { TeamSummary } from "@ideaport/shared";

/** Codes whose message belongs under a team-name field. */
export const TEAM_NAME_ERROR_CODES = ["team.name_taken"];

/**
 * The name, as the company wrote it, of another of `teams` called `name` ignoring case and
 * surrounding spaces; null when there is none.
 */
export function takenTeamName(
  name: string,
  teams: readonly Pick<TeamSummary, "id" | "name">[],
  exceptId?: string,
): string | null {
  const key = name.trim().toLowerCase();
  return teams.find((team) => team.id !== exceptId && team.name.trim().toLowerCase() === key)?.name.trim() ?? null;
}
