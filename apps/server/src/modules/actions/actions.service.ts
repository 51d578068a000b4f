import {
  type Action,
  type ActionListQuerySchema,
  AppError,
  DEFAULT_PAGE_SIZE,
  type UpdateActionRequestSchema,
} from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { actions, users } from "../../db/schema.ts";
import type { Viewer } from "../ideas/viewer.ts";
import { canEditAction, presentAction } from "./actions.presenter.ts";
import { findVisibleAction, listVisibleActions } from "./actions.repository.ts";

/**
 * Puts an approved idea on the ideas-to-action board, owned by the person who approved it.
 * Runs in the approval's transaction; an idea has at most one action.
 */
export async function createActionForApprovedIdea(
  db: Database,
  input: { companyId: string; ideaId: string; ownerId: string },
): Promise<void> {
  await db
    .insert(actions)
    .values({ companyId: input.companyId, ideaId: input.ideaId, ownerId: input.ownerId, status: "todo" })
    .onConflictDoNothing();
}

export type ActionsService = ReturnType<typeof createActionsService>;

/** The ideas-to-action board: list and update actions. */
export function createActionsService({ db }: { db: Database; clock: () => Date }) {
  async function presentById(viewer: Viewer, actionId: string): Promise<Action> {
    const row = await findVisibleAction(db, viewer, actionId);
    if (!row) throw new AppError("action.not_found");
    return presentAction(row, viewer);
  }

  return {
    async list(viewer: Viewer, query: z.output<typeof ActionListQuerySchema>) {
      const page = await listVisibleActions(db, viewer, {
        status: query.status,
        mine: query.mine,
        cursor: query.cursor,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
      });
      return { actions: page.items.map((row) => presentAction(row, viewer)), nextCursor: page.nextCursor };
    },

    /** Owner, due date and status, by the idea team's managers, the admins or the owner. */
    async update(viewer: Viewer, actionId: string, input: z.output<typeof UpdateActionRequestSchema>): Promise<Action> {
      const current = await findVisibleAction(db, viewer, actionId);
      if (!current) throw new AppError("action.not_found");
      if (!canEditAction(viewer, current)) throw new AppError("auth.forbidden");
      if (input.owner_id) {
        const [owner] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, input.owner_id), eq(users.companyId, viewer.companyId), eq(users.isActive, true)))
          .limit(1);
        if (!owner) {
          const message = "The owner must be an active member of your company.";
          throw new AppError("request.invalid", { message, fields: { owner_id: message } });
        }
      }
      await db
        .update(actions)
        .set({
          ...(input.owner_id === undefined ? {} : { ownerId: input.owner_id }),
          ...(input.due_date === undefined ? {} : { dueDate: input.due_date }),
          ...(input.status === undefined ? {} : { status: input.status }),
        })
        .where(and(eq(actions.id, actionId), eq(actions.companyId, viewer.companyId)));
      return presentById(viewer, actionId);
    },
  };
}
