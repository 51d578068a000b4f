import { and, eq, or } from "drizzle-orm";
import { isAdminUser } from "../../core/admin-condition.ts";
import { findRowOfCompany, insertReturningId, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { type AdminRequestRow, adminRequests, teamMemberships, users } from "../../db/schema/index.ts";

/** Files a pending request of the company; answers its id. */
export async function insertAdminRequest(
  tx: Database,
  request: { companyId: string; requesterId: string; kind: "admin" | "manager"; teamId: string | null },
): Promise<string> {
  return insertReturningId(tx, adminRequests, request);
}

/** A request of the company, locked until the transaction ends; null when unknown there. */
export async function lockAdminRequest(
  tx: Database,
  companyId: string,
  requestId: string,
): Promise<AdminRequestRow | null> {
  return findRowOfCompany(tx, adminRequests, companyId, requestId, { forUpdate: true });
}

/** Records the decision on a request of the company. */
export async function markDecided(
  tx: Database,
  companyId: string,
  requestId: string,
  decision: { status: "approved" | "denied"; decidedBy: string; decidedAt: Date },
): Promise<void> {
  await updateRowOfCompany(tx, adminRequests, companyId, requestId, decision);
}

/** The ids of the company's active admins. */
export async function activeAdminIds(tx: Database, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), isAdminUser(), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** The ids of the active people of the company who manage `teamId` or are admins. */
export async function activeTeamDeciderIds(tx: Database, companyId: string, teamId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(
      teamMemberships,
      and(
        eq(teamMemberships.userId, users.id),
        eq(teamMemberships.teamId, teamId),
        eq(teamMemberships.companyId, companyId),
      ),
    )
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isActive, true),
        or(isAdminUser(), eq(teamMemberships.isManager, true)),
      ),
    );
  return rows.map((row) => row.id);
}

/** Gives a user of the company the admin flag. */
export async function grantAdmin(tx: Database, companyId: string, userId: string): Promise<void> {
  await updateRowOfCompany(tx, users, companyId, userId, { isAdmin: true });
}

/** Makes an employee of the company a manager; any other role is left as it is. */
export async function promoteEmployeeToManager(tx: Database, companyId: string, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ role: "manager" })
    .where(and(isRowOfCompany(users, companyId, userId), eq(users.role, "employee")));
}
