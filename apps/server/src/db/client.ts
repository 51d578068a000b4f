/**
 * Opens the database: node-postgres with a pool when a URL is given (production, scale-out),
 * else embedded PGlite on disk (the default for `npm start`) or in memory (tests).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from "@ideaport/shared";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { REPO_ROOT } from "../config/env.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import { readDatabaseSnapshot } from "./snapshot.ts";
import type { DatabaseHandle, OpenDatabaseOptions } from "./types.ts";
import { createPing } from "./unavailable.ts";

export type { Database, DatabaseHandle, DatabaseQueryResultHKT, OpenDatabaseOptions, QueryRows } from "./types.ts";
export { DatabaseUnavailableError, isDatabaseUnavailableError, withTimeout } from "./unavailable.ts";

/**
 * PostgreSQL's start parameters for the embedded database: PGlite's own, with smaller shared
 * buffers. PGlite allocates and zeroes all of PostgreSQL's shared memory at every start (145 MB
 * with the default 128 MB of buffers), which was the largest single cost of opening an existing
 * database; pages outside the buffers are read from the operating system's file cache.
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

let pgliteWasm: Promise<WebAssembly.Module> | undefined;

/** Node's WebAssembly object: the libraries the server is type-checked with declare its types only. */
const { Module: WasmModule } = (
  globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WebAssembly.Module } }
).WebAssembly;

/**
 * PGlite's WebAssembly (PostgreSQL), compiled once per process with `new WebAssembly.Module`.
 * Given only the file, PGlite compiles it with the asynchronous `WebAssembly.instantiate`, which in
 * Node 20 cost opening a database about a third more CPU time (measured, two cores) and blocked
 * the main thread for a few hundred milliseconds after PGlite was ready. Functions are still
 * compiled on first call either way.
 */
function compiledPgliteWasm(): Promise<WebAssembly.Module> {
  pgliteWasm ??= readFile(createRequire(import.meta.url).resolve("@electric-sql/pglite/pglite.wasm")).then(
    (bytes) => new WasmModule(bytes),
  );
  return pgliteWasm;
}

/**
 * The PostgreSQL extensions the migrations create, which PGlite loads only when given at start
 * (pg_trgm: the AI analysis's trigram similarity). Every PGlite instance of the server is opened with them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PGlite with the server's start parameters, its extensions and the WebAssembly compiled once. */
export async function createPglite(options: Pick<PGliteOptions, "dataDir" | "loadDataDir"> = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    extensions: PGLITE_EXTENSIONS,
    startParams: EMBEDDED_START_PARAMS,
    pgliteWasmModule: await compiledPgliteWasm(),
  });
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
  if (options.dataDir === undefined) return wrapPglite(await createPglite(), undefined);

  // PGlite's WebAssembly is read while the lock is taken.
  void compiledPgliteWasm().catch(() => undefined);
  const lock = await acquireDataDirLock(options.dataDir);
  try {
    const directory = pgliteDirectoryOf(options.dataDir);
    await mkdir(directory, { recursive: true });
    // A new directory starts from the migrated snapshot when the build made one (snapshot.ts).
    const isNew = !existsSync(path.join(directory, "PG_VERSION"));
    const loadDataDir = isNew ? await readDatabaseSnapshot() : undefined;
    return wrapPglite(await createPglite({ dataDir: directory, loadDataDir }), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function wrapPglite(client: PGlite, lock: DataDirLock | undefined): DatabaseHandle {
  const db = drizzlePglite({ client });
  let closed = false;
  return {
    db,
    driver: "pglite",
    ping: createPing(client),
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      // A script of several statements (pg-boss's schema and migrations) needs the simple protocol.
      // Run inside PGlite's transaction so that a statement failing within the script's own
      // BEGIN…COMMIT is rolled back at once: on the one shared connection, an aborted transaction
      // left open would fail every later query of the app. (The script's BEGIN and COMMIT inside
      // it only raise notices.)
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
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
