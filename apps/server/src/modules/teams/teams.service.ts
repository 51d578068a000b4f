import { AppError, VALIDATION_MESSAGES } from "@ideaport/shared";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  challenges,
  ideas,
  invitations,
  pointLedger,
  type TeamRow,
  teamMemberships,
  teams,
  type UserRow,
  users,
} from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { authorize, companyIdOf, isAllowed, isUniqueViolation, isUuid } from "../companies/tenancy.ts";
import type { Principal } from "../users/principal.ts";
import { findTeam, isTeamNameTaken, listTeamsWithCounts, type TeamWithCount } from "./teams.repository.ts";

export interface TeamDependencies {
  db: Database;
  clock: () => Date;
}

export interface TeamMemberView {
  user: UserRow;
  isManager: boolean;
}

/** Team Settings list: admins see every team of the company, managers the teams they manage. */
export async function listTeamsFor(db: Database, principal: Principal): Promise<TeamWithCount[]> {
  const companyId = companyIdOf(principal);
  authorize(principal, "settings.team");
  if (isAllowed(principal, "company.manage")) return listTeamsWithCounts(db, companyId);
  const managed = principal.teams.filter((team) => team.is_manager).map((team) => team.id);
  return listTeamsWithCounts(db, companyId, { teamIds: managed });
}

/** A team of the caller's company the caller may manage: 404 when not in the company, 403 when not theirs. */
async function teamToManage(db: Database, principal: Principal, teamId: string): Promise<TeamRow> {
  const team = await findTeam(db, companyIdOf(principal), teamId);
  if (!team) throw new AppError("team.not_found");
  authorize(principal, "team.manage", { teamId: team.id });
  return team;
}

/** A team with its active-member count. */
async function summaryOf(db: Database, team: TeamRow): Promise<TeamWithCount> {
  const [summary] = await listTeamsWithCounts(db, team.companyId, { teamIds: [team.id] });
  return summary ?? { id: team.id, name: team.name, memberCount: 0 };
}

/** A team's members by name. */
export async function listTeamMembers(
  db: Database,
  principal: Principal,
  teamId: string,
): Promise<{ team: TeamWithCount; members: TeamMemberView[] }> {
  const team = await teamToManage(db, principal, teamId);
  const rows = await db
    .select({ user: users, isManager: teamMemberships.isManager })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(teamMemberships.teamId, team.id), eq(teamMemberships.companyId, team.companyId)))
    .orderBy(sql`lower(${users.displayName})`, asc(users.id));
  return { team: await summaryOf(db, team), members: rows };
}

/** The membership of `userId` in `team`, locked; 404 when the user is not in it. */
async function membershipOf(tx: Database, team: TeamRow, userId: string) {
  if (!isUuid(userId)) throw new AppError("user.not_found");
  const [row] = await tx
    .select({ membershipId: teamMemberships.id, user: users })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(
      and(
        eq(teamMemberships.teamId, team.id),
        eq(teamMemberships.userId, userId),
        eq(teamMemberships.companyId, team.companyId),
      ),
    )
    .for("update", { of: teamMemberships });
  if (!row) throw new AppError("user.not_found");
  return row;
}

/**
 * Keeps `users.role` in step with the team flags: manager when the user manages any team,
 * employee otherwise (role admin is left alone). Spec section 6 counts either as a manager.
 */
export async function syncRoleWithMemberships(tx: Database, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      role: sql`case when ${users.role} = 'admin' then ${users.role}
        when exists (select 1 from ${teamMemberships} where ${teamMemberships.userId} = ${users.id} and ${teamMemberships.isManager})
        then 'manager' else 'employee' end`,
    })
    .where(eq(users.id, userId));
}

/** Sets or clears a member's manager flag within a team. */
export async function setTeamManager(
  deps: TeamDependencies,
  principal: Principal,
  teamId: string,
  userId: string,
  isManager: boolean,
): Promise<TeamMemberView> {
  const team = await teamToManage(deps.db, principal, teamId);
  return deps.db.transaction(async (tx) => {
    const membership = await membershipOf(tx, team, userId);
    await tx.update(teamMemberships).set({ isManager }).where(eq(teamMemberships.id, membership.membershipId));
    await syncRoleWithMemberships(tx, userId);
    await recordAudit(tx, {
      companyId: team.companyId,
      actorId: principal.id,
      action: "team.manager_changed",
      targetType: "user",
      targetId: userId,
      details: { teamId: team.id, isManager },
    });
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    return { user: user!, isManager };
  });
}

/**
 * Removes a member from a team. A member's only team cannot be taken away (409): every member
 * of a company belongs to a team; move them to another team or deactivate them instead.
 */
export async function removeTeamMember(
  deps: TeamDependencies,
  principal: Principal,
  teamId: string,
  userId: string,
): Promise<void> {
  const team = await teamToManage(deps.db, principal, teamId);
  await deps.db.transaction(async (tx) => {
    const membership = await membershipOf(tx, team, userId);
    const [memberships] = await tx
      .select({ value: count() })
      .from(teamMemberships)
      .where(eq(teamMemberships.userId, userId));
    if ((memberships?.value ?? 0) <= 1) throw new AppError("team.last_membership");
    await tx.delete(teamMemberships).where(eq(teamMemberships.id, membership.membershipId));
    await syncRoleWithMemberships(tx, userId);
    await recordAudit(tx, {
      companyId: team.companyId,
      actorId: principal.id,
      action: "team.member_removed",
      targetType: "user",
      targetId: userId,
      details: { teamId: team.id },
    });
  });
}

function teamNameTaken(name: string): AppError {
  const message = VALIDATION_MESSAGES.teamAlreadyExists(name);
  return new AppError("team.name_taken", { message, fields: { name: message } });
}

/** Creates a team (admins); names are unique per company, ignoring case. */
export async function createTeam(deps: TeamDependencies, principal: Principal, name: string): Promise<TeamWithCount> {
  const companyId = companyIdOf(principal);
  authorize(principal, "company.manage");
  if (await isTeamNameTaken(deps.db, companyId, name)) throw teamNameTaken(name);
  try {
    return await deps.db.transaction(async (tx) => {
      const [team] = await tx.insert(teams).values({ companyId, name }).returning();
      await recordAudit(tx, {
        companyId,
        actorId: principal.id,
        action: "team.created",
        targetType: "team",
        targetId: team!.id,
        details: { name },
      });
      return { id: team!.id, name: team!.name, memberCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error, "teams_company_name_lower_unique")) throw teamNameTaken(name);
    throw error;
  }
}

/** Renames a team (admins). */
export async function renameTeam(
  deps: TeamDependencies,
  principal: Principal,
  teamId: string,
  name: string,
): Promise<TeamWithCount> {
  const companyId = companyIdOf(principal);
  authorize(principal, "company.manage");
  const team = await findTeam(deps.db, companyId, teamId);
  if (!team) throw new AppError("team.not_found");
  if (await isTeamNameTaken(deps.db, companyId, name, team.id)) throw teamNameTaken(name);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(teams)
        .set({ name })
        .where(and(eq(teams.id, team.id), eq(teams.companyId, companyId)));
      await recordAudit(tx, {
        companyId,
        actorId: principal.id,
        action: "team.renamed",
        targetType: "team",
        targetId: team.id,
        details: { from: team.name, to: name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "teams_company_name_lower_unique")) throw teamNameTaken(name);
    throw error;
  }
  return summaryOf(deps.db, { ...team, name });
}

/** True when ideas, challenges, points or accepted invitations point at the team. */
async function hasHistory(tx: Database, teamId: string): Promise<boolean> {
  const [row] = await tx
    .execute<{ has_history: boolean }>(sql`select
      exists (select 1 from ${ideas} where ${ideas.teamId} = ${teamId})
      or exists (select 1 from ${challenges} where ${challenges.teamId} = ${teamId})
      or exists (select 1 from ${pointLedger} where ${pointLedger.teamId} = ${teamId})
      or exists (select 1 from ${invitations} where ${invitations.teamId} = ${teamId} and ${invitations.acceptedAt} is not null)
      as has_history`)
    .then((result) => result.rows);
  return row?.has_history === true;
}

/**
 * Deletes a team without members (admins; 409 team.not_empty otherwise). A team with history
 * (ideas, challenges, points, accepted invitations) is archived instead, so that history keeps
 * its team; its pending invitations are revoked. Answers whether it was archived.
 */
export async function deleteTeam(deps: TeamDependencies, principal: Principal, teamId: string): Promise<boolean> {
  const companyId = companyIdOf(principal);
  authorize(principal, "company.manage");
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const team = await findTeam(tx, companyId, teamId, { forUpdate: true });
    if (!team) throw new AppError("team.not_found");
    const [members] = await tx
      .select({ value: count() })
      .from(teamMemberships)
      .where(eq(teamMemberships.teamId, team.id));
    if ((members?.value ?? 0) > 0) throw new AppError("team.not_empty");
    const archive = await hasHistory(tx, team.id);
    if (archive) {
      await tx.update(teams).set({ archivedAt: now }).where(eq(teams.id, team.id));
      await tx
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(eq(invitations.teamId, team.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    } else {
      await tx.delete(teams).where(eq(teams.id, team.id));
    }
    await recordAudit(tx, {
      companyId,
      actorId: principal.id,
      action: archive ? "team.archived" : "team.deleted",
      targetType: "team",
      targetId: team.id,
      details: { name: team.name },
    });
    return archive;
  });
}
