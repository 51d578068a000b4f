import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../core/path-id.ts";
import { deleteRowOfCompany, findRowOfCompany, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  challenges,
  ideas,
  invitations,
  matchesIgnoringCase,
  pointLedger,
  type TeamRow,
  teamMemberships,
  teams,
  type UserRow,
  users,
} from "../../db/schema/index.ts";

/**
 * A team of `companyId`, or null when the id is malformed, unknown, of another company, or
 * archived (unless `includeArchived`). Callers answer 404 for null: never reveal existence.
 */
export async function findTeam(
  db: Database,
  companyId: string,
  teamId: string,
  options: { includeArchived?: boolean; forUpdate?: boolean } = {},
): Promise<TeamRow | null> {
  if (!isUuid(teamId)) return null;
  const conditions: SQL[] = [isRowOfCompany(teams, companyId, teamId)];
  if (!options.includeArchived) conditions.push(isNull(teams.archivedAt));
  const query = db
    .select()
    .from(teams)
    .where(and(...conditions))
    .limit(1);
  const [team] = options.forUpdate ? await query.for("update") : await query;
  return team ?? null;
}

export interface TeamWithCount {
  id: string;
  name: string;
  memberCount: number;
}

/** The company's active teams by name, with their numbers of active members; optionally only `teamIds`. */
export async function listTeamsWithCounts(
  db: Database,
  companyId: string,
  options: { teamIds?: readonly string[] } = {},
): Promise<TeamWithCount[]> {
  if (options.teamIds && options.teamIds.length === 0) return [];
  const conditions: SQL[] = [eq(teams.companyId, companyId), isNull(teams.archivedAt)];
  if (options.teamIds) conditions.push(inArray(teams.id, [...options.teamIds]));
  return db
    .select({ id: teams.id, name: teams.name, memberCount: sql<number>`count(${users.id})::int` })
    .from(teams)
    .leftJoin(teamMemberships, eq(teamMemberships.teamId, teams.id))
    .leftJoin(users, and(eq(users.id, teamMemberships.userId), eq(users.isActive, true)))
    .where(and(...conditions))
    .groupBy(teams.id, teams.name)
    .orderBy(sql`lower(${teams.name})`, asc(teams.id));
}

/** The name of the company's team called `name` (ignoring case) other than `exceptTeamId`, as stored; null when there is none. */
export async function takenTeamName(
  db: Database,
  companyId: string,
  name: string,
  exceptTeamId?: string,
): Promise<string | null> {
  const conditions: SQL[] = [eq(teams.companyId, companyId), matchesIgnoringCase(teams.name, name)];
  if (exceptTeamId) conditions.push(sql`${teams.id} <> ${exceptTeamId}`);
  const [row] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(...conditions))
    .limit(1);
  return row?.name ?? null;
}

/** Adds a team to the company. */
export async function insertTeam(tx: Database, companyId: string, name: string): Promise<TeamRow> {
  const [team] = await tx.insert(teams).values({ companyId, name }).returning();
  return team!;
}

/** Adds several teams to the company at once; answers their ids and names. */
export function insertTeams(
  tx: Database,
  companyId: string,
  names: readonly string[],
): Promise<{ id: string; name: string }[]> {
  // Teams made together keep the order they were named in: the first named is the company's first team.
  return tx
    .insert(teams)
    .values(
      names.map((name, order) => ({ companyId, name, createdAt: sql`now() + ${order} * interval '1 millisecond'` })),
    )
    .returning({ id: teams.id, name: teams.name });
}

/** Renames a team of the company. */
export async function updateTeamName(tx: Database, companyId: string, teamId: string, name: string): Promise<void> {
  await updateRowOfCompany(tx, teams, companyId, teamId, { name });
}

/** Archives a team of the company and revokes its pending invitations. */
export async function archiveTeam(tx: Database, companyId: string, teamId: string, now: Date): Promise<void> {
  await updateRowOfCompany(tx, teams, companyId, teamId, { archivedAt: now });
  await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.teamId, teamId),
        eq(invitations.companyId, companyId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

/** Deletes a team of the company. */
export async function deleteTeamRow(tx: Database, companyId: string, teamId: string): Promise<void> {
  await deleteRowOfCompany(tx, teams, companyId, teamId);
}

/** True when ideas, challenges, points or accepted invitations of the company point at the team. */
export async function teamHasHistory(tx: Database, companyId: string, teamId: string): Promise<boolean> {
  const [row] = await tx
    .execute<{ has_history: boolean }>(teamHistoryQuery(companyId, teamId))
    .then((result) => result.rows);
  return row?.has_history === true;
}

/**
 * The statement of `teamHasHistory` (the query-plan test explains it): each check finds the team
 * through an index, so it costs the same however much the company has done.
 */
export function teamHistoryQuery(companyId: string, teamId: string): SQL {
  return sql`select
      exists (select 1 from ${ideas} where ${ideas.teamId} = ${teamId} and ${ideas.companyId} = ${companyId})
      or exists (select 1 from ${challenges} where ${challenges.teamId} = ${teamId} and ${challenges.companyId} = ${companyId})
      or exists (select 1 from ${pointLedger} where ${pointLedger.teamId} = ${teamId} and ${pointLedger.companyId} = ${companyId})
      or exists (select 1 from ${invitations} where ${invitations.teamId} = ${teamId} and ${invitations.companyId} = ${companyId} and ${invitations.acceptedAt} is not null)
      as has_history`;
}

/** How many people belong to a team of the company (active or not). */
export async function countTeamMemberships(tx: Database, companyId: string, teamId: string): Promise<number> {
  return tx.$count(teamMemberships, and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.companyId, companyId)));
}

/** How many teams of the company a user belongs to. */
export async function countMembershipsOfUser(tx: Database, companyId: string, userId: string): Promise<number> {
  return tx.$count(teamMemberships, and(eq(teamMemberships.userId, userId), eq(teamMemberships.companyId, companyId)));
}

export interface TeamMemberRow {
  user: UserRow;
  isManager: boolean;
}

/** A team's members by display name, ignoring case. */
export function listMembersOfTeam(db: Database, companyId: string, teamId: string): Promise<TeamMemberRow[]> {
  return db
    .select({ user: users, isManager: teamMemberships.isManager })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.companyId, companyId)))
    .orderBy(sql`lower(${users.displayName})`, asc(users.id));
}

/** The membership of a user in a team of the company, locked until the transaction ends; null when none. */
export async function lockMembership(
  tx: Database,
  companyId: string,
  teamId: string,
  userId: string,
): Promise<{ membershipId: string; user: UserRow } | null> {
  const [row] = await tx
    .select({ membershipId: teamMemberships.id, user: users })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(
      and(
        eq(teamMemberships.teamId, teamId),
        eq(teamMemberships.userId, userId),
        eq(teamMemberships.companyId, companyId),
      ),
    )
    .for("update", { of: teamMemberships });
  return row ?? null;
}

/** Sets or clears the manager flag of a membership of the company. */
export async function setMembershipManager(
  tx: Database,
  companyId: string,
  membershipId: string,
  isManager: boolean,
): Promise<void> {
  await updateRowOfCompany(tx, teamMemberships, companyId, membershipId, { isManager });
}

/** Deletes a membership of the company. */
export async function deleteMembership(tx: Database, companyId: string, membershipId: string): Promise<void> {
  await deleteRowOfCompany(tx, teamMemberships, companyId, membershipId);
}

/** Puts a user into a team of the company. */
export async function insertMembership(
  tx: Database,
  membership: { companyId: string; teamId: string; userId: string; isManager: boolean },
): Promise<void> {
  await tx.insert(teamMemberships).values(membership);
}

/** Makes a user a manager of a team of the company, adding them to the team when not in it. */
export async function upsertManagerMembership(
  tx: Database,
  companyId: string,
  teamId: string,
  userId: string,
): Promise<void> {
  await tx
    .insert(teamMemberships)
    .values({ companyId, teamId, userId, isManager: true })
    .onConflictDoUpdate({ target: [teamMemberships.teamId, teamMemberships.userId], set: { isManager: true } });
}

/**
 * Keeps `users.role` in step with the team flags: manager when the user manages any team,
 * employee otherwise (role admin is left alone). A person with either counts as a manager.
 */
export async function syncRoleWithMemberships(tx: Database, companyId: string, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      role: sql`case when ${users.role} = 'admin' then ${users.role}
        when exists (select 1 from ${teamMemberships} where ${teamMemberships.userId} = ${users.id} and ${teamMemberships.isManager})
        then 'manager' else 'employee' end`,
    })
    .where(isRowOfCompany(users, companyId, userId));
}

/** A user of the company, or null. */
export async function findCompanyUser(tx: Database, companyId: string, userId: string): Promise<UserRow | null> {
  return findRowOfCompany(tx, users, companyId, userId);
}
