import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { CompanyCaller } from "../../core/caller.ts";
import { newestFirstPage, preciseTimestamp } from "../../core/keyset.ts";
import { findFirst, hasRow, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { type ActionStatus, actions, ideas, users } from "../../db/schema/index.ts";

/** Who sees an action: the idea's team (members and managers), its owner, and the admins. */
export function visibleActionCondition(caller: CompanyCaller): SQL {
  const sameCompany = eq(actions.companyId, caller.companyId);
  if (caller.isAdmin) return sameCompany;
  return and(
    sameCompany,
    or(eq(actions.ownerId, caller.id), caller.teamIds.length > 0 ? inArray(ideas.teamId, caller.teamIds) : sql`false`),
  )!;
}

const actionColumns = {
  id: actions.id,
  companyId: actions.companyId,
  ideaId: actions.ideaId,
  ideaTitle: ideas.title,
  ideaTeamId: ideas.teamId,
  ownerId: actions.ownerId,
  ownerName: users.displayName,
  dueDate: actions.dueDate,
  status: actions.status,
  createdAt: actions.createdAt,
  updatedAt: actions.updatedAt,
  sortKey: preciseTimestamp(actions.createdAt),
};

export interface ActionListRow {
  id: string;
  companyId: string;
  ideaId: string;
  ideaTitle: string;
  ideaTeamId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  dueDate: string | null;
  status: ActionStatus;
  createdAt: Date;
  updatedAt: Date;
  sortKey: string;
}

function selectActions(db: Database) {
  return db
    .select(actionColumns)
    .from(actions)
    .innerJoin(ideas, eq(ideas.id, actions.ideaId))
    .leftJoin(users, eq(users.id, actions.ownerId))
    .$dynamic();
}

/** A page of the board, newest first. */
export async function listVisibleActions(
  db: Database,
  caller: CompanyCaller,
  filters: { status?: ActionStatus; mine?: boolean; cursor?: string; limit: number },
) {
  const conditions = [
    visibleActionCondition(caller),
    filters.status ? eq(actions.status, filters.status) : undefined,
    filters.mine ? eq(actions.ownerId, caller.id) : undefined,
  ];
  return newestFirstPage<ActionListRow>(selectActions(db), actions, conditions, filters);
}

/** One action the caller sees, or undefined (404). */
export async function findVisibleAction(
  db: Database,
  caller: CompanyCaller,
  actionId: string,
): Promise<ActionListRow | undefined> {
  return findFirst(selectActions(db), and(eq(actions.id, actionId), visibleActionCondition(caller)));
}

/** The action of an idea of the company, or undefined; the caller has checked that it sees the idea. */
export async function findActionOfIdea(
  db: Database,
  companyId: string,
  ideaId: string,
): Promise<ActionListRow | undefined> {
  return findFirst(selectActions(db), and(eq(actions.ideaId, ideaId), eq(actions.companyId, companyId)));
}

/** Puts an idea on the board, owned by `ownerId`, as a to-do; an idea that has an action keeps it. */
export async function insertActionForIdea(
  db: Database,
  action: { companyId: string; ideaId: string; ownerId: string; dueDate: string | null },
): Promise<void> {
  await db
    .insert(actions)
    .values({ ...action, status: "todo" })
    .onConflictDoNothing();
}

/** What an update may change: the owner, the due date and the status. */
export type ActionChanges = Partial<Pick<typeof actions.$inferInsert, "ownerId" | "dueDate" | "status">>;

/** Changes an action of the company. */
export async function updateAction(
  db: Database,
  companyId: string,
  actionId: string,
  changes: ActionChanges,
): Promise<void> {
  await updateRowOfCompany(db, actions, companyId, actionId, changes);
}

/** True when the user is an active member of the company: who may own an action. */
export async function isActiveCompanyMember(db: Database, companyId: string, userId: string): Promise<boolean> {
  return hasRow(db, users, and(isRowOfCompany(users, companyId, userId), eq(users.isActive, true)));
}

/** An action whose owner is to be reminded of its due date. */
export type DueSoonAction = {
  companyId: string;
  ownerId: string;
  ideaId: string;
  ideaTitle: string;
};

/**
 * Marks as reminded the open actions of every company with an active owner whose due date lies
 * from `from` to `until` (YYYY-MM-DD, inclusive) and who were not yet reminded of that date, and
 * answers them. One statement: of two instances running it at once, each row goes to one (the
 * second waits on the row lock and then finds it reminded). A job across companies; each answer
 * names its company, and the notification is written in it.
 */
export async function claimDueSoonActions(
  db: Database,
  window: { from: string; until: string },
): Promise<DueSoonAction[]> {
  const result = await db.execute<DueSoonAction>(sql`
    update ${actions} as a set due_reminder_for = a.due_date
    from ${ideas} as i, ${users} as u
    where i.id = a.idea_id and i.company_id = a.company_id
      and u.id = a.owner_id and u.company_id = a.company_id and u.is_active
      and a.status <> 'done'
      and a.due_date between ${window.from}::date and ${window.until}::date
      and a.due_reminder_for is distinct from a.due_date
    returning a.company_id as "companyId", a.owner_id as "ownerId", a.idea_id as "ideaId", i.title as "ideaTitle"`);
  return result.rows;
}
