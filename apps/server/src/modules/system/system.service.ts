import { type ClientErrorReport, READINESS_TIMEOUT_MS, type WebVital } from "@ideaport/shared";
import type { DatabaseHandle } from "../../db/client.ts";
import { insertClientError, insertCspReport, insertWebVital } from "./system.repository.ts";

/** Longest user-agent string kept with a report. */
const USER_AGENT_MAX_LENGTH = 500;

function userAgentOf(header: string | undefined): string | null {
  return header?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
}

export type SystemService = ReturnType<typeof createSystemService>;

/** What the readiness probe answers; `unavailable` is a 503. */
export type Readiness =
  | { status: "ready" }
  | { status: "degraded"; reason: string }
  | { status: "unavailable"; reason: string; cause: string };

export interface SystemServiceDependencies {
  database: Pick<DatabaseHandle, "db" | "ping">;
  /** Where rate limits are counted (the rate-limit plugin's `app.rateLimitBackend`). */
  rateLimitBackend: () => string;
}

/**
 * The readiness probe, and what browsers report to us: client errors, web vitals and CSP
 * violations (anonymous callers).
 */
export function createSystemService({ database, rateLimitBackend }: SystemServiceDependencies) {
  const { db } = database;
  return {
    /**
     * Ready when the database answers within READINESS_TIMEOUT_MS. Without Redis the rate limits
     * still hold, per instance: ready, but degraded and saying why.
     */
    async readiness(): Promise<Readiness> {
      try {
        await database.ping(READINESS_TIMEOUT_MS);
      } catch (error) {
        return { status: "unavailable", reason: "The database is unavailable.", cause: (error as Error).message };
      }
      if (rateLimitBackend() === "in-process, Redis unreachable") {
        return { status: "degraded", reason: "Redis is unreachable: rate limits are counted per instance." };
      }
      return { status: "ready" };
    },

    /** Keeps a client error report with the browser's user agent. */
    recordClientError: (report: ClientErrorReport, userAgent: string | undefined) =>
      insertClientError(db, report, userAgentOf(userAgent)),
    /** Keeps one web-vitals measurement. */
    recordWebVital: (metric: WebVital) => insertWebVital(db, metric),
    /** Keeps a CSP violation report. */
    recordCspReport: (report: unknown, userAgent: string | undefined) =>
      insertCspReport(db, report, userAgentOf(userAgent)),
  };
}
