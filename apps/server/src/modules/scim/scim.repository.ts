import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../core/path-id.ts";
import { findFirst, insertReturningId, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  matchesIgnoringCase,
  type TeamRow,
  teamMemberships,
  teams,
  type UserRow,
  users,
} from "../../db/schema/index.ts";
import type { FilterAttributes } from "./scim.filter.ts";

/** A person's userName: the identity provider's, when it is not their e-mail address, else the e-mail. */
const USER_NAME = sql`coalesce(${users.scimUserName}, ${users.email})`;

/** The attributes a Users filter may name, and the columns they read. */
export const USER_FILTER_ATTRIBUTES: FilterAttributes = {
  id: { kind: "id", column: users.id },
  username: { kind: "text", column: USER_NAME, ignoreCase: true },
  "emails.value": { kind: "text", column: users.email, ignoreCase: true },
  emails: { kind: "text", column: users.email, ignoreCase: true },
  externalid: { kind: "text", column: users.scimExternalId, ignoreCase: false },
  displayname: { kind: "text", column: users.displayName, ignoreCase: true },
  "name.givenname": { kind: "text", column: users.firstName, ignoreCase: true },
  "name.familyname": { kind: "text", column: users.lastName, ignoreCase: true },
  active: { kind: "boolean", column: users.isActive },
};

/** The attributes a Groups filter may name. */
export const GROUP_FILTER_ATTRIBUTES: FilterAttributes = {
  id: { kind: "id", column: teams.id },
  displayname: { kind: "text", column: teams.name, ignoreCase: true },
  externalid: { kind: "text", column: teams.scimExternalId, ignoreCase: false },
};

/** The people SCIM sees: the company's, but not those it deleted nor those erased. */
function visibleUsers(companyId: string, condition?: SQL): SQL {
  return and(eq(users.companyId, companyId), isNull(users.scimDeletedAt), isNull(users.erasedAt), condition)!;
}

/** The teams SCIM sees: the company's unarchived ones. */
function visibleTeams(companyId: string, condition?: SQL): SQL {
  return and(eq(teams.companyId, companyId), isNull(teams.archivedAt), condition)!;
}

/** A page of the company's people matching `condition`, oldest first, and how many match in all. */
export async function listScimUsers(
  db: Database,
  companyId: string,
  condition: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = visibleUsers(companyId, condition);
  const total = await db.$count(users, where);
  const rows =
    page.limit === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .offset(page.offset)
          .limit(page.limit);
  return { rows, total };
}

/** A person SCIM sees, or null (malformed id, another company's, deleted by SCIM). */
export async function findScimUser(
  db: Database,
  companyId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | null> {
  if (!isUuid(userId)) return null;
  const query = db
    .select()
    .from(users)
    .where(visibleUsers(companyId, eq(users.id, userId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** The account with this e-mail (any case, any company or none), or null. */
export function findAccountByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return findFirst<UserRow>(db.select().from(users).$dynamic(), matchesIgnoringCase(users.email, email));
}

/** The company's person with this userName (any case; deleted by SCIM or not), or null. */
export function findUserByUserName(db: Database, companyId: string, userName: string): Promise<UserRow | undefined> {
  return findFirst<UserRow>(
    db.select().from(users).$dynamic(),
    and(eq(users.companyId, companyId), sql`lower(${USER_NAME}) = lower(${userName})`),
  );
}

/** The company's person with this external id (deleted by SCIM or not), or null. */
export function findUserByExternalId(
  db: Database,
  companyId: string,
  externalId: string,
): Promise<UserRow | undefined> {
  return findFirst<UserRow>(
    db.select().from(users).$dynamic(),
    and(eq(users.companyId, companyId), eq(users.scimExternalId, externalId)),
  );
}

/** Creates a provisioned person of the company: verified, employee, past no tour yet; answers the id. */
export function insertProvisionedUser(
  tx: Database,
  person: {
    companyId: string;
    email: string;
    firstName: string;
    lastName: string;
    displayName: string;
    userName: string | null;
    externalId: string | null;
    passwordHash: string;
    now: Date;
  },
): Promise<string> {
  return insertReturningId(tx, users, {
    companyId: person.companyId,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    displayName: person.displayName,
    scimExternalId: person.externalId,
    scimUserName: person.userName,
    passwordHash: person.passwordHash,
    role: "employee",
    isAdmin: false,
    onboardingStatus: "awaiting_initial_tour",
    emailVerifiedAt: person.now,
  });
}

/** Writes a person's SCIM-set columns. */
export async function updateScimUser(
  tx: Database,
  companyId: string,
  userId: string,
  changes: Partial<
    Pick<
      UserRow,
      "email" | "firstName" | "lastName" | "displayName" | "scimExternalId" | "scimUserName" | "scimDeletedAt"
    >
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await updateRowOfCompany(tx, users, companyId, userId, changes);
}

/** The company's default team: its oldest unarchived one, or null when it has none. */
export async function findDefaultTeam(db: Database, companyId: string): Promise<TeamRow | null> {
  const [team] = await db
    .select()
    .from(teams)
    .where(visibleTeams(companyId))
    .orderBy(asc(teams.createdAt), asc(teams.id))
    .limit(1);
  return team ?? null;
}

/** A page of the company's teams matching `condition`, oldest first, and how many match in all. */
export async function listScimTeams(
  db: Database,
  companyId: string,
  condition: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: TeamRow[]; total: number }> {
  const where = visibleTeams(companyId, condition);
  const total = await db.$count(teams, where);
  const rows =
    page.limit === 0
      ? []
      : await db
          .select()
          .from(teams)
          .where(where)
          .orderBy(asc(teams.createdAt), asc(teams.id))
          .offset(page.offset)
          .limit(page.limit);
  return { rows, total };
}

/** Sets a team's external id. */
export async function setTeamExternalId(
  tx: Database,
  companyId: string,
  teamId: string,
  externalId: string | null,
): Promise<void> {
  await updateRowOfCompany(tx, teams, companyId, teamId, { scimExternalId: externalId });
}

/** The members of some teams of the company (people SCIM sees), by team, oldest membership first. */
export async function membersOfTeams(
  db: Database,
  companyId: string,
  teamIds: readonly string[],
): Promise<Map<string, { id: string; displayName: string }[]>> {
  const byTeam = new Map<string, { id: string; displayName: string }[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({ teamId: teamMemberships.teamId, id: users.id, displayName: users.displayName })
    .from(teamMemberships)
    .innerJoin(users, and(eq(users.id, teamMemberships.userId), isNull(users.scimDeletedAt)))
    .where(and(eq(teamMemberships.companyId, companyId), inArray(teamMemberships.teamId, [...teamIds])))
    .orderBy(asc(teamMemberships.createdAt), asc(teamMemberships.id));
  for (const { teamId, ...member } of rows) byTeam.get(teamId)?.push(member);
  return byTeam;
}

/** The ids of people of the company among `userIds` SCIM sees. */
export async function visibleUserIds(
  db: Database,
  companyId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const valid = userIds.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(visibleUsers(companyId, inArray(users.id, valid)));
  return new Set(rows.map((row) => row.id));
}

/** The team ids a person of the company belongs to. */
export async function teamIdsOf(db: Database, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMemberships.teamId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.companyId, companyId), eq(teamMemberships.userId, userId)));
  return rows.map((row) => row.teamId);
}

/** Takes a person out of a team of the company; answers whether they were in it. */
export async function deleteTeamMembership(
  tx: Database,
  companyId: string,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(teamMemberships)
    .where(
      and(
        eq(teamMemberships.companyId, companyId),
        eq(teamMemberships.teamId, teamId),
        eq(teamMemberships.userId, userId),
      ),
    )
    .returning({ id: teamMemberships.id });
  return deleted.length > 0;
}

/** Puts a person into a team of the company unless already in it; answers whether they were added. */
export async function insertTeamMembership(
  tx: Database,
  companyId: string,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(teamMemberships)
    .values({ companyId, teamId, userId, isManager: false })
    .onConflictDoNothing()
    .returning({ id: teamMemberships.id });
  return inserted.length > 0;
}

/** A team of the company SCIM sees, locked for the transaction, or null. */
export async function lockScimTeam(tx: Database, companyId: string, teamId: string): Promise<TeamRow | null> {
  if (!isUuid(teamId)) return null;
  const [team] = await tx
    .select()
    .from(teams)
    .where(visibleTeams(companyId, isRowOfCompany(teams, companyId, teamId)))
    .for("update");
  return team ?? null;
}

/** A team of the company SCIM sees, or null. */
export async function findScimTeam(db: Database, companyId: string, teamId: string): Promise<TeamRow | null> {
  if (!isUuid(teamId)) return null;
  const [team] = await db
    .select()
    .from(teams)
    .where(visibleTeams(companyId, eq(teams.id, teamId)))
    .limit(1);
  return team ?? null;
}

/** Every member of a team of the company, people SCIM deleted included. */
export async function memberIdsOfTeam(db: Database, companyId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.companyId, companyId), eq(teamMemberships.teamId, teamId)));
  return rows.map((row) => row.userId);
}
