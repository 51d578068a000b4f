import {
  ACTION_DUE_SOON_DAYS,
  type Action,
  type ActionListQuerySchema,
  AppError,
  type UpdateActionRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import type { CompanyCaller } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { actionDoneEvent, announceEvent } from "../integrations/integrations.service.ts";
import { noticeBy, noticeToPerson, notify, notifyPeople } from "../notifications/notifications.service.ts";
import { canEditAction, presentAction } from "./actions.presenter.ts";
import {
  type ActionListRow,
  claimDueSoonActions,
  findActionOfIdea,
  findVisibleAction,
  insertActionForIdea,
  isActiveCompanyMember,
  listVisibleActions,
  updateAction,
} from "./actions.repository.ts";
import { ACTIONS_TEXTS } from "./actions.texts.ts";

export type { ActionListRow } from "./actions.repository.ts";

/** The action of an idea of the company, or undefined; the caller has checked that it sees the idea. */
export function actionOfIdea(db: Database, companyId: string, ideaId: string): Promise<ActionListRow | undefined> {
  return findActionOfIdea(db, companyId, ideaId);
}

/** The owner an action may be given: an active member of the company, else a 400 on `field`. */
export async function requireActionOwner(db: Database, companyId: string, ownerId: string, field: string) {
  if (!(await isActiveCompanyMember(db, companyId, ownerId))) {
    const message = ACTIONS_TEXTS.ownerNotInCompany;
    throw new AppError("request.invalid", { message, fields: { [field]: message } });
  }
}

/**
 * Puts an approved idea on the ideas-to-action board, owned by whom the approver named (else the
 * approver), with the due date they gave. Runs in the approval's transaction; an idea has at most
 * one action.
 */
export async function createActionForApprovedIdea(
  db: Database,
  input: { companyId: string; ideaId: string; ownerId: string; dueDate: string | null },
): Promise<void> {
  await insertActionForIdea(db, input);
}

export type ActionsService = ReturnType<typeof createActionsService>;

/** The body of an action's edit, as its route validated it. */
type ActionEdit = z.output<typeof UpdateActionRequestSchema>;

/** The ideas-to-action board: list and update actions. */
export function createActionsService({ db, clock }: ServiceDependencies) {
  /** An action the caller sees, else 404. */
  async function requireVisibleAction(caller: CompanyCaller, actionId: string): Promise<ActionListRow> {
    const row = await findVisibleAction(db, caller, actionId);
    if (!row) throw new AppError("action.not_found");
    return row;
  }

  async function presentById(caller: CompanyCaller, actionId: string): Promise<Action> {
    return presentAction(await requireVisibleAction(caller, actionId), caller);
  }

  return {
    async list(caller: CompanyCaller, query: z.output<typeof ActionListQuerySchema>) {
      const page = await listVisibleActions(db, caller, {
        status: query.status,
        mine: query.mine,
        ...pageAsked(query),
      });
      return { actions: page.items.map((row) => presentAction(row, caller)), nextCursor: page.nextCursor };
    },

    /** Owner, due date and status, by the idea team's managers, the admins or the owner. */
    async update(caller: CompanyCaller, actionId: string, input: ActionEdit): Promise<Action> {
      const current = await requireVisibleAction(caller, actionId);
      if (!canEditAction(caller, current)) throw new AppError("auth.forbidden");
      if (input.owner_id) await requireActionOwner(db, caller.companyId, input.owner_id, "owner_id");
      await db.transaction(async (tx) => {
        await updateAction(tx, caller.companyId, actionId, {
          ...(input.owner_id === undefined ? {} : { ownerId: input.owner_id }),
          ...(input.due_date === undefined ? {} : { dueDate: input.due_date }),
          ...(input.status === undefined ? {} : { status: input.status }),
        });
        // The channels of the idea's team and the webhooks hear that an action is done.
        if (input.status === "done" && current.status !== "done") {
          await announceEvent(
            tx,
            actionDoneEvent({
              companyId: caller.companyId,
              action: { id: actionId },
              idea: { id: current.ideaId, title: current.ideaTitle, teamId: current.ideaTeamId, challengeScope: null },
              actor: { id: caller.id, name: caller.displayName },
              at: clock(),
            }),
          );
        }
        // A new owner hears that the action is theirs now, unless they gave it to themselves.
        if (input.owner_id && input.owner_id !== current.ownerId) {
          await notifyPeople(tx, {
            ...noticeBy(caller),
            userIds: [input.owner_id],
            type: "action_assigned",
            projectIdeaTitle: current.ideaTitle,
            relatedIdeaId: current.ideaId,
            except: [caller.id],
          });
        }
      });
      return presentById(caller, actionId);
    },

    /**
     * Reminds each open action's owner once when its due date is ACTION_DUE_SOON_DAYS days away
     * or fewer (today included, UTC), with `action_due_soon`; a new due date is reminded anew.
     * Run by the daily job; answers how many owners were reminded.
     */
    async remindDueSoon(): Promise<number> {
      const today = clock();
      const until = new Date(today.getTime() + ACTION_DUE_SOON_DAYS * 24 * 60 * 60 * 1000);
      return db.transaction(async (tx) => {
        const due = await claimDueSoonActions(tx, { from: isoDay(today), until: isoDay(until) });
        for (const action of due) {
          await notify(tx, {
            ...noticeToPerson(action.companyId, action.ownerId),
            type: "action_due_soon",
            projectIdeaTitle: action.ideaTitle,
            relatedIdeaId: action.ideaId,
          });
        }
        return due.length;
      });
    },
  };
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
