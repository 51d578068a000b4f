import {
  AppError,
  DEFAULT_PAGE_SIZE,
  isAdmin,
  type TeamMembership,
  type UpdateCompanyUserRequest,
} from "@ideaport/shared";
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, teamMemberships, teams, type UserRow, users } from "../../db/schema.ts";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor.ts";
import { type AuditAction, recordAudit } from "../audit/audit.service.ts";
import { revokeAllSessionsOfUser } from "../auth/sessions.service.ts";
import { authorize, companyIdOf, escapeLike, isUuid } from "../companies/tenancy.ts";
import { findTeam } from "../teams/teams.repository.ts";
import { isAdminUser } from "../users/admin-condition.ts";
import type { Principal } from "../users/principal.ts";

export interface CompanyUserView {
  user: UserRow;
  teams: TeamMembership[];
}

const sortName = sql<string>`lower(${users.displayName})`;

/** The team memberships of some users, oldest first, grouped by user. */
async function membershipsOf(db: Database, userIds: readonly string[]): Promise<Map<string, TeamMembership[]>> {
  const byUser = new Map<string, TeamMembership[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: teamMemberships.userId, id: teams.id, name: teams.name, is_manager: teamMemberships.isManager })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(inArray(teamMemberships.userId, [...userIds]))
    .orderBy(asc(teamMemberships.createdAt), asc(teamMemberships.id));
  for (const { userId, ...membership } of rows) byUser.get(userId)?.push(membership);
  return byUser;
}

/**
 * User management: the company's users by display name, keyset-paginated over
 * (lower(display_name), id); `q` matches first, last, display name and e-mail, ignoring case.
 */
export async function listCompanyUsers(
  db: Database,
  principal: Principal,
  query: { q?: string; cursor?: string; limit?: number },
): Promise<{ users: CompanyUserView[]; nextCursor: string | null }> {
  const companyId = companyIdOf(principal);
  authorize(principal, "company.users.manage");
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
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
  if (query.cursor) {
    const [name, id] = decodeCursor(query.cursor, ["text", "uuid"]);
    conditions.push(sql`(${sortName}, ${users.id}) > (${name}, ${id}::uuid)`);
  }
  const rows = await db
    .select({ user: users, sortKey: sortName })
    .from(users)
    .where(and(...conditions))
    .orderBy(sortName, asc(users.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const memberships = await membershipsOf(
    db,
    page.map((row) => row.user.id),
  );
  const last = page.at(-1);
  return {
    users: page.map((row) => ({ user: row.user, teams: memberships.get(row.user.id) ?? [] })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sortKey, last.user.id]) : null,
  };
}

/**
 * User management changes (admins): role, admin flag, team (moves the user to that one team),
 * active (deactivate or reactivate). The company always keeps an active admin: a change that
 * would leave none answers 409. Every change is audited.
 */
export async function updateCompanyUser(
  deps: { db: Database; clock: () => Date },
  principal: Principal,
  userId: string,
  changes: UpdateCompanyUserRequest,
): Promise<CompanyUserView> {
  const companyId = companyIdOf(principal);
  authorize(principal, "company.users.manage");
  if (!isUuid(userId)) throw new AppError("user.not_found");
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // One admin change at a time per company, so two admins cannot demote each other to none.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
      .for("update");
    if (!user) throw new AppError("user.not_found");

    const audit = (action: AuditAction, details: Record<string, unknown>) =>
      recordAudit(tx, { companyId, actorId: principal.id, action, targetType: "user", targetId: user.id, details });

    // The company keeps at least one active admin, by the shared rule (the flag or the admin role).
    const wasAdmin = isAdmin({ role: user.role, is_admin: user.isAdmin });
    const isAdminAfter = isAdmin({ role: changes.role ?? user.role, is_admin: changes.is_admin ?? user.isAdmin });
    const isActiveAfter = changes.is_active ?? user.isActive;
    if (wasAdmin && user.isActive && !(isAdminAfter && isActiveAfter)) {
      const [others] = await tx
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), isAdminUser(), eq(users.isActive, true), ne(users.id, user.id)));
      if ((others?.value ?? 0) === 0) throw new AppError("company.last_admin");
    }

    const roleAfter = changes.role ?? user.role;
    if (changes.role !== undefined && changes.role !== user.role) {
      await tx.update(users).set({ role: changes.role }).where(eq(users.id, user.id));
      await tx
        .update(teamMemberships)
        .set({ isManager: changes.role === "manager" })
        .where(eq(teamMemberships.userId, user.id));
      await audit("user.role_changed", { from: user.role, to: changes.role });
    }

    if (changes.team_id !== undefined) {
      const team = await findTeam(tx, companyId, changes.team_id);
      if (!team) throw new AppError("team.not_found");
      const current = await tx
        .select({ teamId: teamMemberships.teamId })
        .from(teamMemberships)
        .where(eq(teamMemberships.userId, user.id));
      if (current.length !== 1 || current[0]?.teamId !== team.id) {
        await tx.delete(teamMemberships).where(eq(teamMemberships.userId, user.id));
        await tx
          .insert(teamMemberships)
          .values({ companyId, teamId: team.id, userId: user.id, isManager: roleAfter === "manager" });
        await audit("user.moved_team", { from: current.map((entry) => entry.teamId), to: team.id });
      }
    }

    if (changes.is_admin !== undefined && changes.is_admin !== user.isAdmin) {
      await tx.update(users).set({ isAdmin: changes.is_admin }).where(eq(users.id, user.id));
      await audit(changes.is_admin ? "user.made_admin" : "user.admin_removed", {});
    }

    if (changes.is_active !== undefined && changes.is_active !== user.isActive) {
      await tx.update(users).set({ isActive: changes.is_active }).where(eq(users.id, user.id));
      if (!changes.is_active) {
        // Access tokens stop working at once (the user is read on every request); end the sessions too.
        await revokeAllSessionsOfUser(tx, user.id, now);
      }
      await audit(changes.is_active ? "user.reactivated" : "user.deactivated", {});
    }

    const [updated] = await tx.select().from(users).where(eq(users.id, user.id));
    const memberships = await membershipsOf(tx, [user.id]);
    return { user: updated!, teams: memberships.get(user.id) ?? [] };
  });
}
