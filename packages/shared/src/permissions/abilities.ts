import type { ChallengeScope, ChallengeStatus } from "../contracts/challenges.ts";
import { isAdmin, isManagerLevel, type RoleSubject } from "./roles.ts";

/**
 * What a signed-in user may do in the settings, team and company areas, by role. The
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
  /** Approve or deny a joiner's request to manage a team: admins (any team), that team's managers. */
  "manager_request.decide",
  /** Post a challenge for a team, active at once: admins (any team), managers (teams they manage). */
  "challenge.post_team",
  /** Post a company challenge directly, active at once: admins. */
  "challenge.post_company",
  /** Propose a company challenge for an admin's decision: everyone who may not post one directly. */
  "challenge.propose",
  /** Approve or reject a proposed company challenge: admins only. */
  "challenge.decide",
  /**
   * Edit or close a challenge: admins; the creator of a team challenge; the proposer of a company
   * challenge only while it waits for an admin's decision (once decided, admins alone).
   */
  "challenge.manage",
  /** Publish news: write, edit, pin, schedule and delete posts, and read drafts and scheduled ones: admins. */
  "news.publish",
  /** Create, rename and delete the company's news categories: admins. */
  "news.categories.manage",
  /** Rename, merge and delete the company's tags, and say whether people may add new ones: admins. */
  "tags.manage",
  /** Create, edit and archive rewards: admins. */
  "rewards.manage",
  /** See every redemption of the company, fulfil or cancel them: admins. */
  "redemptions.manage",
  /** Change the company's points rules: admins. */
  "points_rules.manage",
  /** See the company's analytics overview and export its ideas: admins. */
  "analytics.view",
  /** Read and export the company's audit log: admins. */
  "audit_log.read",
  /** Change the company's evaluation criteria and a challenge's own set: admins. */
  "evaluation.manage",
  /** Invite colleagues to evaluate a challenge's ideas, and take them off: admins, the challenge's creator. */
  "challenge.invite_evaluators",
] as const;
export type Ability = (typeof ABILITIES)[number];

/** A user as the rules see it; team entries carry the team id for team-scoped abilities. */
export interface AbilitySubject extends RoleSubject {
  /** The user's id, for rules about records they created. */
  id?: string;
  team?: ReadonlyArray<{ id?: string; is_manager?: boolean }> | null;
}

/** A challenge as the rules see it. */
export interface ChallengeAbilitySubject {
  scope: ChallengeScope;
  status: ChallengeStatus;
  createdBy: string;
}

/** The record an ability is asked about. */
export interface AbilityContext {
  /** For team.manage, team.invite, manager_request.decide and challenge.post_team: the team in question. */
  teamId?: string;
  /** For challenge.manage: the challenge in question. */
  challenge?: ChallengeAbilitySubject;
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

/** Challenge rule: see "challenge.manage". Whether its status still allows the change is asked separately. */
function canManageChallenge(user: AbilitySubject, { challenge }: AbilityContext): boolean {
  if (!challenge) return false;
  if (isAdmin(user)) return true;
  if (user.id === undefined || challenge.createdBy !== user.id) return false;
  return challenge.scope === "team" || challenge.status === "proposed";
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
  // Without a team there is no team whose managers could decide: admins only.
  "manager_request.decide": (user, context) =>
    isAdmin(user) || (context.teamId !== undefined && managesTeam(user, context.teamId)),
  "challenge.post_team": canManageTeam,
  "challenge.post_company": (user) => isAdmin(user),
  "challenge.propose": (user) => !isAdmin(user),
  "challenge.decide": (user) => isAdmin(user),
  "challenge.manage": canManageChallenge,
  "news.publish": (user) => isAdmin(user),
  "news.categories.manage": (user) => isAdmin(user),
  "tags.manage": (user) => isAdmin(user),
  "rewards.manage": (user) => isAdmin(user),
  "redemptions.manage": (user) => isAdmin(user),
  "points_rules.manage": (user) => isAdmin(user),
  "analytics.view": (user) => isAdmin(user),
  "audit_log.read": (user) => isAdmin(user),
  "evaluation.manage": (user) => isAdmin(user),
  "challenge.invite_evaluators": (user, { challenge }) =>
    challenge !== undefined && (isAdmin(user) || (user.id !== undefined && challenge.createdBy === user.id)),
};

/** True when `user` may do `ability` (on the team in `context`, for team-scoped abilities). */
export function can(user: AbilitySubject | null | undefined, ability: Ability, context: AbilityContext = {}): boolean {
  if (!user) return false;
  return RULES[ability](user, context);
}
