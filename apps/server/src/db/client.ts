/**
 * Opens the database: node-postgres with a pool when a URL is given (production, scale-out),
 * else embedded PGlite on disk (the default for `npm start`) or in memory (tests).
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from "@ideaport/shared";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { REPO_ROOT } from "../config/env.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";
import { readDatabaseSnapshot } from "./snapshot.ts";

/**
 * What `db.execute()` answers: both drivers return `{ rows }` (PGlite `Results`, node-postgres
 * `QueryResult`), so raw queries are typed by their rows instead of `unknown`.
 */
export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}

/** The part of a raw query result both drivers share. */
export interface QueryRows<Row> {
  rows: Row[];
}

/**
 * A Drizzle database over either driver; services take this type. It is assignable to
 * `PgDatabase<PgQueryResultHKT, typeof schema>`, with `execute()` results typed.
 */
export type Database = PgDatabase<DatabaseQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Resolves when the database answers a trivial query (health checks); with `timeoutMs`, rejects
   * with a DatabaseUnavailableError when it has not answered by then.
   */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the connections (or the PGlite instance) and releases the data directory lock. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://...`: use node-postgres. Takes precedence over everything else. */
  databaseUrl?: string;
  /** The application data directory; PGlite keeps its cluster in `<dataDir>/pglite`. */
  dataDir?: string;
  /** Pool size for node-postgres (default 10). */
  poolSize?: number;
  /** node-postgres: how long opening a connection may take (default DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** node-postgres: PostgreSQL cancels a statement running longer (default DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** An existing PGlite instance; the handle takes ownership and closes it on close(). */
  pglite?: PGlite;
}

/** The PGlite cluster folder inside the data directory (the lock and other files sit beside it). */
export function pgliteDirectoryOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pglite");
}

/**
 * The options the server opens its database with (config/env.ts reads the same variables):
 * DATABASE_URL and DATABASE_POOL_SIZE when a URL is set, else DATA_DIR, by default `data` at the
 * repository root. For scripts that must not need the server's whole configuration.
 */
export function databaseOptionsFromEnvironment(environment: NodeJS.ProcessEnv = process.env): OpenDatabaseOptions {
  const databaseUrl = environment.DATABASE_URL?.trim();
  if (databaseUrl) {
    const positive = (name: string, fallback: number) => {
      const value = Number.parseInt(environment[name] ?? "", 10);
      return Number.isInteger(value) && value > 0 ? value : fallback;
    };
    return {
      databaseUrl,
      poolSize: positive("DATABASE_POOL_SIZE", 10),
      connectTimeoutMs: positive("DATABASE_CONNECT_TIMEOUT_MS", DATABASE_CONNECT_TIMEOUT_MS),
      statementTimeoutMs: positive("DATABASE_STATEMENT_TIMEOUT_MS", DATABASE_STATEMENT_TIMEOUT_MS),
    };
  }
  return { dataDir: path.resolve(environment.DATA_DIR?.trim() || path.join(REPO_ROOT, "data")) };
}

/** Opens the database described by `options` (see OpenDatabaseOptions for the precedence). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // node-postgres loads only when used, so the embedded database starts without it.
    const { createPostgresHandle } = await import("./postgres-client.ts");
    const handle = createPostgresHandle(options.databaseUrl, options);
    try {
      await handle.ping();
    } catch (error) {
      await handle.close();
      throw new Error(
        `Could not connect to PostgreSQL at ${redactUrl(options.databaseUrl)}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    return handle;
  }
  if (options.pglite) return wrapPglite(options.pglite, undefined);
  if (options.dataDir === undefined) return wrapPglite(await PGlite.create(), undefined);

  const lock = await acquireDataDirLock(options.dataDir);
  try {
    const directory = pgliteDirectoryOf(options.dataDir);
    await mkdir(directory, { recursive: true });
    // A new directory starts from the migrated snapshot when the build made one (snapshot.ts).
    const isNew = !existsSync(path.join(directory, "PG_VERSION"));
    const loadDataDir = isNew ? await readDatabaseSnapshot() : undefined;
    return wrapPglite(await PGlite.create({ dataDir: directory, loadDataDir }), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function wrapPglite(client: PGlite, lock: DataDirLock | undefined): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    driver: "pglite",
    async ping(timeoutMs) {
      await withTimeout(client.query("select 1"), timeoutMs);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!client.closed) await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/** The URL without its password, for messages. */
function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(invalid URL)";
  }
}

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
