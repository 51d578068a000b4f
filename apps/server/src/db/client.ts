/**
 * Opens the database: node-postgres with a pool when a URL is given (production, scale-out),
 * else embedded PGlite on disk (the default for `npm start`) or in memory (tests).
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from "@ideaport/shared";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { REPO_ROOT } from "../config/env.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";
import { readDatabaseSnapshot } from "./snapshot.ts";
import type { DatabaseHandle, OpenDatabaseOptions } from "./types.ts";
import { withTimeout } from "./unavailable.ts";

export type { Database, DatabaseHandle, DatabaseQueryResultHKT, OpenDatabaseOptions, QueryRows } from "./types.ts";
export { DatabaseUnavailableError, isDatabaseUnavailableError, withTimeout } from "./unavailable.ts";

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
