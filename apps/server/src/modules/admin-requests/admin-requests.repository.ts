import { and, eq, or } from "drizzle-orm";
import { isAdminUser } from "../../core/admin-condition.ts";
import type { Database } from "../../db/client.ts";
import { type AdminRequestRow, adminRequests, teamMemberships, users } from "../../db/schema/index.ts";

/** Files a pending request of the company; answers its id. */
export async function insertAdminRequest(
  tx: Database,
  request: { companyId: string; requesterId: string; kind: "admin" | "manager"; teamId: string | null },
): Promise<string> {
  const [row] = await tx.insert(adminRequests).values(request).returning({ id: adminRequests.id });
  return row!.id;
}

/** A request of the company, locked until the transaction ends; null when unknown there. */
export async function lockAdminRequest(
  tx: Database,
  companyId: string,
  requestId: string,
): Promise<AdminRequestRow | null> {
  const [request] = await tx
    .select()
    .from(adminRequests)
    .where(and(eq(adminRequests.id, requestId), eq(adminRequests.companyId, companyId)))
    .for("update");
  return request ?? null;
}

/** Records the decision on a request of the company. */
export async function markDecided(
  tx: Database,
  companyId: string,
  requestId: string,
  decision: { status: "approved" | "denied"; decidedBy: string; decidedAt: Date },
): Promise<void> {
  await tx
    .update(adminRequests)
    .set(decision)
    .where(and(eq(adminRequests.id, requestId), eq(adminRequests.companyId, companyId)));
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
  await tx
    .update(users)
    .set({ isAdmin: true })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
}

/** Makes an employee of the company a manager; any other role is left as it is. */
export async function promoteEmployeeToManager(tx: Database, companyId: string, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ role: "manager" })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.role, "employee")));
}
