import type { Action } from "@ideaport/shared";
import { type CompanyCaller, managesTeam } from "../../core/caller.ts";
import type { ActionListRow } from "./actions.repository.ts";

/** The idea team's managers, the admins and the owner may change an action. */
export function canEditAction(caller: CompanyCaller, row: Pick<ActionListRow, "ownerId" | "ideaTeamId">): boolean {
  return caller.isAdmin || managesTeam(caller, row.ideaTeamId) || (row.ownerId !== null && row.ownerId === caller.id);
}

export function presentAction(row: ActionListRow, caller: CompanyCaller): Action {
  return {
    id: row.id,
    idea: { id: row.ideaId, title: row.ideaTitle, team_id: row.ideaTeamId },
    owner: row.ownerId ? { id: row.ownerId, display_name: row.ownerName ?? "" } : null,
    due_date: row.dueDate,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_edit: canEditAction(caller, row),
  };
}
