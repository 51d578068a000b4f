import {
  AUDIT_ACTION_LABELS,
  AUDIT_CSV_COLUMNS,
  type AuditEntry,
  isAuditAction,
  type Translate,
} from "@ideaport/shared";
import { csvLine } from "../../lib/csv.ts";
import type { AuditListRow } from "./audit.repository.ts";
import { AUDIT_CSV_COLUMN_NAMES } from "./audit.texts.ts";

/** An entry as the list answers it. */
export function presentAuditEntry(row: AuditListRow): AuditEntry {
  return {
    id: row.id,
    // Every action written is one of the shared list; the type of the column is plain text.
    action: row.action as AuditEntry["action"],
    actor: row.actorId && row.actorName ? { id: row.actorId, name: row.actorName, email: row.actorEmail ?? "" } : null,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName,
    ip_address: row.ipAddress,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** The export's first line: the column names in the reader's language. */
export function csvHeader(t: Translate): string {
  return csvLine(AUDIT_CSV_COLUMNS.map((column) => t(AUDIT_CSV_COLUMN_NAMES[column])));
}

/** One entry as a line of the export; every cell goes through the CSV escaping (formula injection). */
export function presentAuditCsvLine(row: AuditListRow, t: Translate): string {
  return csvLine([
    row.createdAt.toISOString(),
    row.actorName,
    row.actorEmail,
    row.action,
    isAuditAction(row.action) ? t(AUDIT_ACTION_LABELS[row.action]) : row.action,
    row.targetType,
    row.targetName ?? row.targetId,
    row.ipAddress,
    Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : null,
  ]);
}
