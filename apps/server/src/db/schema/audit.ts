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
    /** The IP address of the request that made the change (as the proxy settings trust it); null without a request. */
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_company_created_idx").on(table.companyId, descending(table.createdAt)),
    // The log filtered by person, and by action, newest first.
    index("audit_log_company_actor_created_idx").on(
      table.companyId,
      table.actorId,
      descending(table.createdAt),
      descending(table.id),
    ),
    // The entries about a person (their data export), newest first.
    index("audit_log_company_target_created_idx").on(
      table.companyId,
      table.targetId,
      descending(table.createdAt),
      descending(table.id),
    ),
    index("audit_log_company_action_created_idx").on(
      table.companyId,
      table.action,
      descending(table.createdAt),
      descending(table.id),
    ),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
