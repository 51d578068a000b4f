import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { IDEA_MESSAGES as M } from "../ideas/limits.ts";
import {
  ActionStatusSchema,
  DueDateSchema,
  PageQuerySchema,
  pageResponseSchema,
  partialUpdateSchema,
  SuccessSchema,
} from "./common.ts";
import { PersonRefSchema } from "./ideas.ts";
import { MineFilterSchema, OwnerIdSchema } from "./request-fields.ts";

// The ideas-to-action board

export const ActionListQuerySchema = PageQuerySchema.extend({
  status: ActionStatusSchema.optional(),
  /** Only actions the caller owns. */
  mine: MineFilterSchema.optional(),
});
export type ActionListQuery = z.input<typeof ActionListQuerySchema>;

export const UpdateActionRequestSchema = partialUpdateSchema(
  { owner_id: OwnerIdSchema.nullable(), due_date: DueDateSchema.nullable(), status: ActionStatusSchema },
  M.nothingToChange,
);
export type UpdateActionRequest = z.input<typeof UpdateActionRequestSchema>;

export const ActionSchema = z.object({
  id: z.string(),
  idea: z.object({ id: z.string(), title: z.string(), team_id: z.string().nullable() }),
  owner: PersonRefSchema.nullable(),
  due_date: z.string().nullable(),
  status: ActionStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may change owner, due date or status. */
  can_edit: z.boolean(),
});
export type Action = z.infer<typeof ActionSchema>;

export const ActionResponseSchema = SuccessSchema.extend({ action: ActionSchema });
export const ActionListResponseSchema = pageResponseSchema("actions", ActionSchema);

/** The ideas-to-action board: approved ideas as actions with an owner, a due date and a status. */
export const actionsEndpoints = {
  listActions: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/actions/",
    query: ActionListQuerySchema,
    response: ActionListResponseSchema,
  }),
  updateAction: defineEndpoint({
    tokenScope: "ideas:write",
    method: "PATCH",
    path: "/api/actions/:id/",
    body: UpdateActionRequestSchema,
    response: ActionResponseSchema,
  }),
} as const;
