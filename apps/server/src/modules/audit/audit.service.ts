/**
 * The audit trail every feature writes: one row per change to a company's people, teams,
 * invitations or settings, recorded in the transaction of the change so the trail never misses
 * or invents one. There is no caller-driven operation yet, so the module offers steps only.
 */
import type { CompanyCaller } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import type { AuditLogRow } from "../../db/schema/index.ts";
import { insertAuditEntry, listCompanyAudit } from "./audit.repository.ts";

/** The actions this codebase records; dotted `<target>.<verb>`. */
export type AuditAction =
  | "company.created"
  | "company.renamed"
  | "company.password_changed"
  | "company.language_changed"
  | "user.joined_company"
  | "user.profile_updated"
  | "user.password_changed"
  | "user.role_changed"
  | "user.made_admin"
  | "user.admin_removed"
  | "user.moved_team"
  | "user.deactivated"
  | "user.reactivated"
  | "team.created"
  | "team.renamed"
  | "team.deleted"
  | "team.archived"
  | "team.manager_changed"
  | "team.member_removed"
  | "invitation.created"
  | "invitation.revoked"
  | "invitation.accepted"
  | "admin_request.created"
  | "admin_request.approved"
  | "admin_request.denied"
  | (string & {});

export interface AuditEntry {
  companyId: string;
  /** Who did it; null for the system. */
  actorId: string | null;
  action: AuditAction;
  /** What kind of record changed: "company", "team", "user", "invitation", "admin_request"... */
  targetType: string;
  targetId?: string | null;
  /** What changed; never secrets (passwords, tokens). */
  details?: Record<string, unknown>;
}

/** Writes one audit_log row; call it inside the transaction of the change it records. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    companyId: entry.companyId,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
  });
}

/**
 * Records a change the caller made in their own company: the company and the actor are the
 * caller's. Call it inside the transaction of the change it records.
 */
export function recordCallerAudit(
  db: Database,
  caller: CompanyCaller,
  entry: Omit<AuditEntry, "companyId" | "actorId">,
): Promise<void> {
  return recordAudit(db, { ...entry, companyId: caller.companyId, actorId: caller.id });
}

/** The newest audit rows of a company (tests, and a future audit screen). */
export async function listAudit(db: Database, companyId: string, limit = 50): Promise<AuditLogRow[]> {
  return listCompanyAudit(db, companyId, limit);
}
