/**
 * Opens the database: node-postgres with a pool when a URL is given (production, scale-out),
 * else embedded PGlite on disk (the default for `npm start`) or in memory (tests).
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { REPO_ROOT } from "../config/env.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

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
  /** Resolves when the database answers a trivial query (health checks). */
  ping(): Promise<void>;
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
    const poolSize = Number.parseInt(environment.DATABASE_POOL_SIZE ?? "", 10);
    return { databaseUrl, poolSize: Number.isInteger(poolSize) && poolSize > 0 ? poolSize : 10 };
  }
  return { dataDir: path.resolve(environment.DATA_DIR?.trim() || path.join(REPO_ROOT, "data")) };
}

/** Opens the database described by `options` (see OpenDatabaseOptions for the precedence). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (options.pglite) return wrapPglite(options.pglite, undefined);
  if (options.dataDir === undefined) return wrapPglite(await PGlite.create(), undefined);

  const lock = await acquireDataDirLock(options.dataDir);
  try {
    const directory = pgliteDirectoryOf(options.dataDir);
    await mkdir(directory, { recursive: true });
    return wrapPglite(await PGlite.create({ dataDir: directory }), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  let closed = false;
  // An idle client losing its connection (server restart, network) emits on the pool; without a
  // listener that would crash the process, while the pool simply replaces the client.
  pool.on("error", (error) => {
    if (!closed) console.error(`PostgreSQL connection error: ${error.message}`);
  });
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end();
    throw new Error(`Could not connect to PostgreSQL at ${redactUrl(databaseUrl)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    driver: "postgres",
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

function wrapPglite(client: PGlite, lock: DataDirLock | undefined): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    driver: "pglite",
    async ping() {
      await client.query("select 1");
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
