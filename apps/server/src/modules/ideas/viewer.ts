import { type AbilitySubject, AppError, isAdmin } from "@ideaport/shared";
import type { Principal } from "../users/principal.ts";
import { roleSubjectOf } from "../users/principal.ts";

/**
 * The signed-in user as the ideas, challenges and actions rules see them: their company, their
 * teams, the teams they manage, and whether they are an admin (who may act as any team's manager).
 */
export interface Viewer {
  userId: string;
  companyId: string;
  displayName: string;
  isAdmin: boolean;
  teamIds: string[];
  managedTeamIds: string[];
  /** The first team joined: a new idea's team. */
  firstTeamId: string | null;
}

/** The viewer of a request; a user without a company may not use these features (403). */
export function viewerOf(principal: Principal): Viewer {
  if (!principal.companyId) throw new AppError("auth.forbidden");
  return {
    userId: principal.id,
    companyId: principal.companyId,
    displayName: principal.displayName,
    isAdmin: isAdmin(roleSubjectOf(principal)),
    teamIds: principal.teams.map((team) => team.id),
    managedTeamIds: principal.teams.filter((team) => team.is_manager).map((team) => team.id),
    firstTeamId: principal.teams[0]?.id ?? null,
  };
}

/** The viewer manages this team by membership (admins are handled by the rules that ask). */
export function managesTeam(viewer: Viewer, teamId: string | null): boolean {
  return teamId !== null && viewer.managedTeamIds.includes(teamId);
}

/** The viewer belongs to this team (as a member or its manager). */
export function belongsToTeam(viewer: Viewer, teamId: string | null): boolean {
  return teamId !== null && viewer.teamIds.includes(teamId);
}

/**
 * The viewer as the shared abilities see them. The admin flag stands for the admin role too
 * (`isAdmin` already reads both), and team entries carry the manager flag.
 */
export function abilitySubjectOf(viewer: Viewer): AbilitySubject {
  return {
    id: viewer.userId,
    role: "employee",
    is_admin: viewer.isAdmin,
    team: viewer.teamIds.map((id) => ({ id, is_manager: viewer.managedTeamIds.includes(id) })),
  };
}
