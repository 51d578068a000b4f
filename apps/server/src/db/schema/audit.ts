/** The audit log. */
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, descending } from "./columns.ts";
import { companyKeys, users } from "./companies.ts";

/** Who changed what: admin actions and idea decisions. */
export const auditLog = pgTable(
  "audit_log",
  {
    ...companyKeys(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Dotted verb, e.g. "idea.approved", "user.made_admin". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_company_created_idx").on(table.companyId, descending(table.createdAt))],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
