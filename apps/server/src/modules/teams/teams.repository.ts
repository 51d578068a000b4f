import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type TeamRow, teamMemberships, teams, users } from "../../db/schema.ts";
import { isUuid } from "../companies/tenancy.ts";

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
  const conditions: SQL[] = [eq(teams.id, teamId), eq(teams.companyId, companyId)];
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

/** True when another team of the company (archived ones included) already has this name, ignoring case. */
export async function isTeamNameTaken(
  db: Database,
  companyId: string,
  name: string,
  exceptTeamId?: string,
): Promise<boolean> {
  const conditions: SQL[] = [eq(teams.companyId, companyId), sql`lower(${teams.name}) = lower(${name})`];
  if (exceptTeamId) conditions.push(sql`${teams.id} <> ${exceptTeamId}`);
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}
