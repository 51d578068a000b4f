import type { DatabaseHandle } from "./types.ts";

/** The database did not answer in time (the cause, when there is one, says more). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** `work`, or a DatabaseUnavailableError once `timeoutMs` has passed without an answer. */
export async function withTimeout<T>(work: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A handle's `ping`: a trivial query on `client` (a PGlite instance or a node-postgres pool), which
 * fails with a DatabaseUnavailableError when it has not answered within `timeoutMs`.
 */
export function createPing(client: { query(text: string): Promise<unknown> }): DatabaseHandle["ping"] {
  return async (timeoutMs) => {
    await withTimeout(client.query("select 1"), timeoutMs);
  };
}

/** Node's network failures: the database host cannot be reached or dropped the connection. */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * PostgreSQL's SQLSTATEs of an unavailable server: query_canceled (the statement time-out), the
 * shutdown and start-up states, too many connections, and the idle-in-transaction time-out. Class
 * 08 (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57014", "57P01", "57P02", "57P03", "53300", "25P03"]);

/** node-postgres and PGlite say these (without a code) when the connection is gone or timed out. */
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
];

/**
 * True when `error` (or one of its causes, as Drizzle wraps driver errors) means the database is
 * unreachable, overloaded or too slow, rather than that the query itself was wrong.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string") {
      if (NETWORK_ERROR_CODES.has(candidate.code) || UNAVAILABLE_SQLSTATES.has(candidate.code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(candidate.code)) return true;
    }
    if (
      typeof candidate.message === "string" &&
      UNAVAILABLE_MESSAGES.some((text) => candidate.message === text || (candidate.message as string).startsWith(text))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
