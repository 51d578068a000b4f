/** The ideas-to-action board. */
import type { ActionStatus } from "@ideaport/shared";
import { ACTION_STATUSES } from "@ideaport/shared";
import { check, date, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf, timestamps } from "./columns.ts";
import { companyKeys, users } from "./companies.ts";
import { ideaOfSameCompany } from "./ideas.ts";

/** The ideas-to-action board: one action per approved idea. */
export const actions = pgTable(
  "actions",
  {
    ...companyKeys(),
    ideaId: uuid("idea_id").notNull(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    dueDate: date("due_date"),
    status: text("status").$type<ActionStatus>().notNull().default("todo"),
    /** The due date its owner was last reminded of (action_due_soon); a new date is reminded anew. */
    dueReminderFor: date("due_reminder_for"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("actions_idea_unique").on(table.ideaId),
    index("actions_company_status_idx").on(table.companyId, table.status, table.dueDate),
    index("actions_owner_idx").on(table.ownerId),
    ideaOfSameCompany("actions_idea_fk", table),
    check("actions_status_check", isOneOf(table.status, ACTION_STATUSES)),
  ],
);

export type ActionRow = typeof actions.$inferSelect;
