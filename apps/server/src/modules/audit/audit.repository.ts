import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterCursor, newestFirstPage, preciseTimestamp } from "../../core/keyset.ts";
import type { Database } from "../../db/client.ts";
import { type AuditLogRow, auditLog, teams, users } from "../../db/schema/index.ts";

/** Appends one audit_log row of a company. */
export async function insertAuditEntry(
  db: Database,
  entry: {
    companyId: string;
    actorId: string | null;
    action: string;
    targetType: string;
    targetId: string | null;
    details: Record<string, unknown>;
    ipAddress: string | null;
  },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** A company's newest audit rows first. */
export async function listCompanyAudit(db: Database, companyId: string, limit: number): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.companyId, companyId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** What the log is filtered by: a person, an action, and a period of calendar days (UTC), both included. */
export interface AuditFilter {
  companyId: string;
  actorId?: string | undefined;
  action?: string | undefined;
  /** First day, `2026-01-31`. */
  from?: string | undefined;
  /** Last day, `2026-03-31`. */
  to?: string | undefined;
}

const actor = alias(users, "audit_actor");
const targetUser = alias(users, "audit_target_user");
const targetTeam = alias(teams, "audit_target_team");

/** An entry with the names the log shows beside it. */
export interface AuditListRow {
  id: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  targetType: string;
  targetId: string | null;
  targetName: string | null;
  ipAddress: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  sortKey: string;
}

function selectEntries(db: Database) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      // A change made with a SCIM token names the token as its actor (its id and name are in the details).
      actorId: sql<string | null>`coalesce(${auditLog.actorId}::text, ${auditLog.details}->'scim_token'->>'id')`,
      actorName: sql<string | null>`coalesce(${actor.displayName}, ${auditLog.details}->'scim_token'->>'name')`,
      actorEmail: actor.email,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: sql<string | null>`coalesce(${targetUser.displayName}, ${targetTeam.name})`,
      ipAddress: auditLog.ipAddress,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      sortKey: preciseTimestamp(auditLog.createdAt),
    })
    .from(auditLog)
    .leftJoin(actor, and(eq(actor.id, auditLog.actorId), eq(actor.companyId, auditLog.companyId)))
    .leftJoin(
      targetUser,
      and(
        eq(auditLog.targetType, "user"),
        eq(targetUser.id, auditLog.targetId),
        eq(targetUser.companyId, auditLog.companyId),
      ),
    )
    .leftJoin(
      targetTeam,
      and(
        eq(auditLog.targetType, "team"),
        eq(targetTeam.id, auditLog.targetId),
        eq(targetTeam.companyId, auditLog.companyId),
      ),
    )
    .$dynamic();
}

/** The conditions of a filter, always scoped by the company. */
function filterConditions(filter: AuditFilter): Array<SQL | undefined> {
  return [
    eq(auditLog.companyId, filter.companyId),
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    // Days become instants in the database: the day after 9999-12-31 has no ISO form JavaScript writes.
    filter.from ? gte(auditLog.createdAt, sql`(${filter.from}::date)::timestamp at time zone 'UTC'`) : undefined,
    filter.to ? lt(auditLog.createdAt, sql`(${filter.to}::date + 1)::timestamp at time zone 'UTC'`) : undefined,
  ];
}

/** A page of a company's log, newest first. */
export async function listAuditPage(
  db: Database,
  filter: AuditFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: AuditListRow[]; nextCursor: string | null }> {
  return newestFirstPage<AuditListRow>(selectEntries(db), auditLog, filterConditions(filter), page);
}

/**
 * Up to `limit` entries of the filtered log after `cursor`, newest first: the export's batches, in
 * the order and on the conditions of the list's pages.
 */
export function auditEntriesQuery(db: Database, filter: AuditFilter, cursor: string | undefined, limit: number) {
  return selectEntries(db)
    .where(and(...filterConditions(filter), afterCursor(cursor, auditLog.createdAt, auditLog.id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** A batch of the export: `auditEntriesQuery`'s rows. */
export async function auditBatch(
  db: Database,
  filter: AuditFilter,
  cursor: string | undefined,
  limit: number,
): Promise<AuditListRow[]> {
  return (await auditEntriesQuery(db, filter, cursor, limit)) as AuditListRow[];
}
