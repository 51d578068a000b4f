import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type ActionStatus, actions, ideas, users } from "../../db/schema.ts";
import { afterCursor, pageOf, preciseTimestamp } from "../ideas/keyset.ts";
import type { Viewer } from "../ideas/viewer.ts";

/** Who sees an action: the idea's team (members and managers), its owner, and the admins. */
export function visibleActionCondition(viewer: Viewer): SQL {
  const sameCompany = eq(actions.companyId, viewer.companyId);
  if (viewer.isAdmin) return sameCompany;
  return and(
    sameCompany,
    or(
      eq(actions.ownerId, viewer.userId),
      viewer.teamIds.length > 0 ? inArray(ideas.teamId, viewer.teamIds) : sql`false`,
    ),
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
    .leftJoin(users, eq(users.id, actions.ownerId));
}

/** A page of the board, newest first. */
export async function listVisibleActions(
  db: Database,
  viewer: Viewer,
  filters: { status?: ActionStatus; mine?: boolean; cursor?: string; limit: number },
) {
  const rows = await selectActions(db)
    .where(
      and(
        visibleActionCondition(viewer),
        filters.status ? eq(actions.status, filters.status) : undefined,
        filters.mine ? eq(actions.ownerId, viewer.userId) : undefined,
        afterCursor(filters.cursor, actions.createdAt, actions.id),
      ),
    )
    .orderBy(desc(actions.createdAt), desc(actions.id))
    .limit(filters.limit + 1);
  return pageOf(rows as ActionListRow[], filters.limit);
}

/** One action the viewer sees, or undefined (404). */
export async function findVisibleAction(
  db: Database,
  viewer: Viewer,
  actionId: string,
): Promise<ActionListRow | undefined> {
  const [row] = await selectActions(db)
    .where(and(eq(actions.id, actionId), visibleActionCondition(viewer)))
    .limit(1);
  return row as ActionListRow | undefined;
}
