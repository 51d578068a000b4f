/**
 * The audit trail every feature writes: one row per change to a company's people, teams,
 * invitations or settings, and per sign-in, recorded in the transaction of the change so the trail
 * never misses or invents one; and the log administrators read and export.
 */
import {
  AUDIT_CSV_BYTE_ORDER_MARK,
  type AuditAction,
  type AuditEntry as AuditEntryAnswer,
  type AuditLogFilterSchema,
  type AuditLogQuerySchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import type { AuditLogRow } from "../../db/schema/index.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { encodeCursor } from "../../lib/page-cursor.ts";
import { csvHeader, presentAuditCsvLine, presentAuditEntry } from "./audit.presenter.ts";
import { type AuditFilter, auditBatch, insertAuditEntry, listAuditPage, listCompanyAudit } from "./audit.repository.ts";

export type { AuditAction } from "@ideaport/shared";

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
  /** The IP address of the request that made the change, when there was one. */
  ipAddress?: string | null;
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
    ipAddress: entry.ipAddress ?? null,
  });
}

/**
 * Records a change the caller made in their own company: the company, the actor and the address
 * are the caller's request's. Call it inside the transaction of the change it records.
 */
export function recordCallerAudit(
  db: Database,
  caller: CompanyCaller,
  entry: Omit<AuditEntry, "companyId" | "actorId" | "ipAddress">,
): Promise<void> {
  return recordAudit(db, {
    ...entry,
    companyId: caller.companyId,
    actorId: caller.id,
    ipAddress: caller.address ?? null,
  });
}

/** The newest audit rows of a company (tests). */
export async function listAudit(db: Database, companyId: string, limit = 50): Promise<AuditLogRow[]> {
  return listCompanyAudit(db, companyId, limit);
}

/** Entries the export reads from the database at a time. */
export const AUDIT_EXPORT_BATCH_SIZE = 500;

/** The filter of a query, in the caller's company. */
function filterOf(caller: CompanyCaller, query: z.output<typeof AuditLogFilterSchema>): AuditFilter {
  return { companyId: caller.companyId, actorId: query.actor, action: query.action, from: query.from, to: query.to };
}

/** The audit log as administrators read it: a page at a time, or the whole filtered log as CSV. */
export function createAuditLogService({ db }: ServiceDependencies) {
  return {
    /** A page of the company's log, newest first. */
    async list(
      caller: CompanyCaller,
      query: z.output<typeof AuditLogQuerySchema>,
    ): Promise<{ entries: AuditEntryAnswer[]; nextCursor: string | null }> {
      authorize(caller, "audit_log.read");
      const page = await listAuditPage(db, filterOf(caller, query), pageAsked(query));
      return { entries: page.items.map(presentAuditEntry), nextCursor: page.nextCursor };
    },

    /**
     * The filtered log as CSV lines (the header in the caller's language, then one line per entry,
     * newest first), read AUDIT_EXPORT_BATCH_SIZE entries at a time so memory holds one batch.
     * Authorized before anything is sent.
     */
    exportCsv(caller: CompanyCaller, query: z.output<typeof AuditLogFilterSchema>): AsyncIterable<string> {
      authorize(caller, "audit_log.read");
      const filter = filterOf(caller, query);
      const t = translatorFor(caller.language);
      async function* lines(): AsyncGenerator<string> {
        yield AUDIT_CSV_BYTE_ORDER_MARK + csvHeader(t);
        let cursor: string | undefined;
        for (;;) {
          const batch = await auditBatch(db, filter, cursor, AUDIT_EXPORT_BATCH_SIZE);
          if (batch.length === 0) return;
          yield batch.map((row) => presentAuditCsvLine(row, t)).join("");
          if (batch.length < AUDIT_EXPORT_BATCH_SIZE) return;
          const last = batch[batch.length - 1]!;
          cursor = encodeCursor([last.sortKey, last.id]);
        }
      }
      return lines();
    },
  };
}
