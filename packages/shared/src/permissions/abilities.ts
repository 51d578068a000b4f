import { isAdmin, isManagerLevel, type RoleSubject } from "./roles.ts";

/**
 * What a signed-in user may do in the settings, team and company areas (spec section 6). The
 * server checks these before every action; the client uses them to show or hide controls.
 * Record-level rules (is this team in my company?) stay in the server's services and answer 404.
 */
export const ABILITIES = [
  /** Edit one's own profile and password: everyone. */
  "settings.profile",
  /** Reach Team Settings: managers and admins. */
  "settings.team",
  /** Reach Company Settings: admins. */
  "settings.company",
  /** Rename the company, change its join password, create, rename and delete teams: admins. */
  "company.manage",
  /** User management (roles, admin flag, team, deactivation): admins. */
  "company.users.manage",
  /** Manage a team's members: admins (any team), managers (teams they manage). */
  "team.manage",
  /** Invite people to a team and revoke invitations: as team.manage. */
  "team.invite",
  /** Invite someone with the 'Grant Admin Permissions' flag: admins. */
  "invitation.grant_admin",
  /** Approve or deny admin requests: admins. */
  "admin_request.decide",
] as const;
export type Ability = (typeof ABILITIES)[number];

/** A user as the rules see it; team entries carry the team id for team-scoped abilities. */
export interface AbilitySubject extends RoleSubject {
  team?: ReadonlyArray<{ id?: string; is_manager?: boolean }> | null;
}

/** The record an ability is asked about. */
export interface AbilityContext {
  /** For team.manage and team.invite: the team in question. */
  teamId?: string;
}

/** True when the user's membership in `teamId` carries the manager flag. */
export function managesTeam(user: AbilitySubject, teamId: string): boolean {
  return (user.team ?? []).some((entry) => entry.id === teamId && entry.is_manager === true);
}

/** Team-scoped rule: admins manage every team; managers the teams they manage (any, without a team). */
function canManageTeam(user: AbilitySubject, context: AbilityContext): boolean {
  if (isAdmin(user)) return true;
  if (context.teamId === undefined) return (user.team ?? []).some((entry) => entry.is_manager === true);
  return managesTeam(user, context.teamId);
}

const RULES: Record<Ability, (user: AbilitySubject, context: AbilityContext) => boolean> = {
  "settings.profile": () => true,
  "settings.team": (user) => isManagerLevel(user),
  "settings.company": (user) => isAdmin(user),
  "company.manage": (user) => isAdmin(user),
  "company.users.manage": (user) => isAdmin(user),
  "team.manage": canManageTeam,
  "team.invite": canManageTeam,
  "invitation.grant_admin": (user) => isAdmin(user),
  "admin_request.decide": (user) => isAdmin(user),
};

/** True when `user` may do `ability` (on the team in `context`, for team-scoped abilities). */
export function can(user: AbilitySubject | null | undefined, ability: Ability, context: AbilityContext = {}): boolean {
  if (!user) return false;
  return RULES[ability](user, context);
}
