import type { ClientErrorReport, WebVital } from "@ideaport/shared";
import type { Database } from "../../db/client.ts";
import { clientErrors, cspReports, webVitals } from "../../db/schema/index.ts";

// The browser reports the system module stores: client errors, web vitals and CSP violations.
// They belong to no company (they may come before sign-in), so nothing here is company-scoped.

/** Stores a client error report. */
export async function insertClientError(
  db: Database,
  report: ClientErrorReport,
  userAgent: string | null,
): Promise<void> {
  await db.insert(clientErrors).values({
    kind: report.kind,
    message: report.message,
    path: report.path,
    stack: report.stack ?? null,
    componentStack: report.componentStack ?? null,
    userAgent,
  });
}

/** Stores one web-vitals measurement. */
export async function insertWebVital(db: Database, metric: WebVital): Promise<void> {
  await db.insert(webVitals).values({
    name: metric.name,
    value: metric.value,
    rating: metric.rating ?? null,
    metricId: metric.id,
    path: metric.path,
  });
}

/** Stores a CSP violation report as the browser sent it. */
export async function insertCspReport(db: Database, report: unknown, userAgent: string | null): Promise<void> {
  await db.insert(cspReports).values({ report: report ?? {}, userAgent });
}
