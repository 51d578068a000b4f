import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type AuditLogRow, auditLog } from "../../db/schema/index.ts";

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
