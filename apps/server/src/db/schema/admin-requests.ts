/** Requests for administrator or team manager rights. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, descending, instant, isOneOf, ofSameCompany } from "./columns.ts";
import { companyKeys, teams, users } from "./companies.ts";

export const ADMIN_REQUEST_STATUSES = ["pending", "approved", "denied"] as const;

export type AdminRequestStatus = (typeof ADMIN_REQUEST_STATUSES)[number];

/** What a joiner asks for: administrator rights, or to manage the team they joined. */
export const ROLE_REQUEST_KINDS = ["admin", "manager"] as const;

export type RoleRequestKind = (typeof ROLE_REQUEST_KINDS)[number];

/**
 * A joiner asking for administrator rights (kind "admin": an admin decides) or to manage the team
 * they joined (kind "manager", with its team: the team's managers or an admin decide).
 */
export const adminRequests = pgTable(
  "admin_requests",
  {
    ...companyKeys(),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RoleRequestKind>().notNull().default("admin"),
    /** The team to manage, for kind "manager"; null for kind "admin". */
    teamId: uuid("team_id"),
    status: text("status").$type<AdminRequestStatus>().notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("admin_requests_company_status_idx").on(table.companyId, table.status, descending(table.createdAt)),
    // One open request of each kind per person and company; decided ones stay as history.
    uniqueIndex("admin_requests_one_pending_per_kind_unique")
      .on(table.companyId, table.requesterId, table.kind)
      .where(sql`${table.status} = 'pending'`),
    ofSameCompany("admin_requests_team_fk", table.teamId, table.companyId, teams).onDelete("cascade"),
    check("admin_requests_status_check", isOneOf(table.status, ADMIN_REQUEST_STATUSES)),
    check("admin_requests_kind_check", isOneOf(table.kind, ROLE_REQUEST_KINDS)),
    check("admin_requests_manager_team_check", sql`(${table.kind} = 'manager') = (${table.teamId} is not null)`),
  ],
);

export type AdminRequestRow = typeof adminRequests.$inferSelect;
