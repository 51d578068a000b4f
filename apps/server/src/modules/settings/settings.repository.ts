/**
 * Every read and write of settings: the caller's own profile and password, and user management
 * over the users of one company (their role, admin flag, activity and team). Company-owned rows
 * are always scoped by the company id; functions take the executor (the database or the open
 * transaction) first.
 */
import type { Language, TeamMembership } from "@ideaport/shared";
import { and, asc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { isAdminUser } from "../../core/admin-condition.ts";
import { findRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import { escapeLike } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import { companies, teamMemberships, teams, type UserRole, type UserRow, users } from "../../db/schema/index.ts";

/** A user as user management shows them: the row and their team memberships, oldest first. */
export interface CompanyUserView {
  user: UserRow;
  teams: TeamMembership[];
}

// The caller's own account ---------------------------------------------------------------------

/** Saves a user's names (only those given). */
export async function updateUserProfile(
  db: Database,
  userId: string,
  profile: { firstName?: string; lastName?: string; displayName?: string; language?: Language | null },
): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

/** A user's password hash, or null for an unknown user. */
export async function findPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user?.passwordHash ?? null;
}

/** Stores a user's new password hash. */
export async function setUserPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

// User management ------------------------------------------------------------------------------

const sortName = sql<string>`lower(${users.displayName})`;

/**
 * One page of the company's users by display name, keyset-paginated over
 * (lower(display_name), id), fetching `limit + 1` rows so the caller knows whether more follow;
 * `q` matches first, last, display and full name and e-mail, ignoring case. Erased people are no
 * one to manage any more and are left out.
 */
export async function listCompanyUserRows(
  db: Database,
  companyId: string,
  page: { q?: string | undefined; after: { name: string; id: string } | null; limit: number },
): Promise<Array<{ user: UserRow; sortKey: string }>> {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId), isNull(users.erasedAt)];
  if (page.q) {
    const pattern = `%${escapeLike(page.q)}%`;
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.displayName, pattern),
        ilike(users.email, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ),
    );
  }
  if (page.after) conditions.push(sql`(${sortName}, ${users.id}) > (${page.after.name}, ${page.after.id}::uuid)`);
  return db
    .select({ user: users, sortKey: sortName })
    .from(users)
    .where(and(...conditions))
    .orderBy(sortName, asc(users.id))
    .limit(page.limit + 1);
}

/** The team memberships in the company of some users, oldest first, grouped by user. */
export async function membershipsOf(
  db: Database,
  companyId: string,
  userIds: readonly string[],
): Promise<Map<string, TeamMembership[]>> {
  const byUser = new Map<string, TeamMembership[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: teamMemberships.userId, id: teams.id, name: teams.name, is_manager: teamMemberships.isManager })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(and(eq(teamMemberships.companyId, companyId), inArray(teamMemberships.userId, [...userIds])))
    .orderBy(asc(teamMemberships.createdAt), asc(teamMemberships.id));
  for (const { userId, ...membership } of rows) byUser.get(userId)?.push(membership);
  return byUser;
}

/** Locks the company row until the transaction ends: one admin change at a time per company. */
export async function lockCompanyForUserChanges(tx: Database, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/** A user of the company, locked until the transaction ends, or null. */
export async function lockCompanyUser(tx: Database, companyId: string, userId: string): Promise<UserRow | null> {
  return findRowOfCompany(tx, users, companyId, userId, { forUpdate: true });
}

/** A user of the company, or null. */
export async function findCompanyUserRow(db: Database, companyId: string, userId: string): Promise<UserRow | null> {
  return findRowOfCompany(db, users, companyId, userId);
}

/** How many active admins (by flag or role) the company has besides `userId`. */
export async function countOtherActiveAdmins(db: Database, companyId: string, userId: string): Promise<number> {
  return db.$count(
    users,
    and(eq(users.companyId, companyId), isAdminUser(), eq(users.isActive, true), ne(users.id, userId)),
  );
}

/** Sets a company user's role, and makes them manager of every team they are in exactly when it is "manager". */
export async function setCompanyUserRole(
  tx: Database,
  companyId: string,
  userId: string,
  role: UserRole,
): Promise<void> {
  await updateRowOfCompany(tx, users, companyId, userId, { role });
  await tx
    .update(teamMemberships)
    .set({ isManager: role === "manager" })
    .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.companyId, companyId)));
}

/** The teams a company user is in. */
export async function teamIdsOfUser(db: Database, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMemberships.teamId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.companyId, companyId)));
  return rows.map((row) => row.teamId);
}

/** Takes a company user out of every team. */
export async function deleteMembershipsOfUser(tx: Database, companyId: string, userId: string): Promise<void> {
  await tx
    .delete(teamMemberships)
    .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.companyId, companyId)));
}

/** Sets a company user's admin flag. */
export async function setCompanyUserAdminFlag(
  tx: Database,
  companyId: string,
  userId: string,
  isAdmin: boolean,
): Promise<void> {
  await updateRowOfCompany(tx, users, companyId, userId, { isAdmin });
}

/** Deactivates or reactivates a company user. */
export async function setCompanyUserActive(
  tx: Database,
  companyId: string,
  userId: string,
  isActive: boolean,
): Promise<void> {
  await updateRowOfCompany(tx, users, companyId, userId, { isActive });
}
