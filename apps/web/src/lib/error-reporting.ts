import type { ClientErrorReport } from "@ideaport/shared";

const DUPLICATE_WINDOW_MS = 5_000;
const MAX_REPORTS_PER_MINUTE = 10;

const recentReports = new Map<string, number>();
let sentTimes: number[] = [];

/**
 * Reports a client error (unknown route, rendering error, unhandled rejection). The API client
 * is loaded on demand so that pages which never fail (the landing page) never load it. The same
 * report twice within 5 s (React's development double effects, error loops) is sent once, and
 * at most 10 reports leave a page per minute.
 */
export function reportClientError(report: ClientErrorReport, now: number = Date.now()): void {
  const key = `${report.kind}|${report.path}|${report.message}`;
  const previous = recentReports.get(key);
  if (previous !== undefined && now - previous < DUPLICATE_WINDOW_MS) return;
  sentTimes = sentTimes.filter((time) => now - time < 60_000);
  if (sentTimes.length >= MAX_REPORTS_PER_MINUTE) return;
  recentReports.set(key, now);
  sentTimes.push(now);
  void import("./telemetry.ts")
    .then((telemetry) => telemetry.sendClientErrorReport(report))
    .catch(() => {
      // The telemetry chunk could not load (offline); nothing else to do.
    });
}

/** Forgets what was reported (tests). */
export function resetErrorReporting(): void {
  recentReports.clear();
  sentTimes = [];
}

/** A readable message and stack for anything thrown or rejected. */
export function describeError(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error)
    return { message: reason.message || reason.name, ...(reason.stack ? { stack: reason.stack } : {}) };
  if (typeof reason === "string") return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}
