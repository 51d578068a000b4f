import { type AuditCsvColumn, defineMessages, type MessageDescriptor } from "@ideaport/shared";

const description = "A column of the audit log export (CSV)";

/** The audit log export's column names, in the reader's language (in English, the columns' own names). */
export const AUDIT_CSV_COLUMN_NAMES: Readonly<Record<AuditCsvColumn, MessageDescriptor>> = defineMessages({
  created_at: { id: "server.auditLog.csv.createdAt", defaultMessage: "created_at", description },
  actor: { id: "server.auditLog.csv.actor", defaultMessage: "actor", description },
  actor_email: { id: "server.auditLog.csv.actorEmail", defaultMessage: "actor_email", description },
  action: { id: "server.auditLog.csv.action", defaultMessage: "action", description },
  action_label: { id: "server.auditLog.csv.actionLabel", defaultMessage: "action_label", description },
  target_type: { id: "server.auditLog.csv.targetType", defaultMessage: "target_type", description },
  target: { id: "server.auditLog.csv.target", defaultMessage: "target", description },
  ip_address: { id: "server.auditLog.csv.ipAddress", defaultMessage: "ip_address", description },
  details: { id: "server.auditLog.csv.details", defaultMessage: "details", description },
});
