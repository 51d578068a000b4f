/**
 * Applies the generated migrations in apps/server/drizzle. The server runs this at start-up.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type pg from "pg";
import { SERVER_ROOT } from "../config/env.ts";
import type { DatabaseHandle } from "./types.ts";

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, "drizzle");

/**
 * Any fixed number: instances starting together on one PostgreSQL take turns on this advisory
 * lock, so only the first applies the migrations and the others find them done.
 */
const MIGRATION_ADVISORY_LOCK_KEY = 7_236_501_844;

/**
 * Brings the database to the latest schema; a no-op when it is already there. `migrationsFolder`
 * is for tests.
 */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  // The usual start: two short queries find every migration applied, without drizzle's migrator
  // (which reads and hashes every file and runs five statements, a transaction among them).
  if (await isUpToDate(handle, migrationsFolder)) return;

  if (handle.driver === "pglite") {
    // PGlite serves one process (the data directory lock ensures it), so no lock is needed.
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, unknown>>, { migrationsFolder });
    return;
  }

  // node-postgres loads only here, so the embedded database starts without it.
  const [{ drizzle: drizzleNodePostgres }, { migrate: migrateNodePostgres }, { default: pgModule }] = await Promise.all(
    [import("drizzle-orm/node-postgres"), import("drizzle-orm/node-postgres/migrator"), import("pg")],
  );
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  // Its own connection, with the pool's connect time-out but without the statement and query
  // time-outs: a migration, or waiting for another instance's, may take longer than a request.
  const client = new pgModule.Client({ ...pool.options, statement_timeout: undefined, query_timeout: undefined });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_ADVISORY_LOCK_KEY]);
    try {
      await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_ADVISORY_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * True when the database records the journal's newest migration. Drizzle's migrator applies each
 * journal entry whose `when` is later than the newest `created_at` of drizzle.__drizzle_migrations,
 * so it would apply nothing; a database without that table is not up to date.
 */
async function isUpToDate(handle: DatabaseHandle, migrationsFolder: string): Promise<boolean> {
  const recorded = await newestRecordedMigration(handle);
  // Read synchronously, as drizzle's migrator does: the file is small, and an asynchronous read
  // waits behind whatever else occupies libuv's thread pool while the server starts.
  const journal = readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8");
  const entries = (JSON.parse(journal) as { entries: Array<{ when: number }> }).entries;
  if (recorded === undefined || entries.length === 0) return false;
  return entries.every((entry) => entry.when <= recorded);
}

/** The newest `created_at` of drizzle.__drizzle_migrations, undefined when there is none. */
async function newestRecordedMigration(handle: DatabaseHandle): Promise<number | undefined> {
  const table = await handle.db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return undefined;
  const newest = await handle.db.execute<{ created_at: string | null }>(
    sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const createdAt = newest.rows[0]?.created_at;
  return createdAt == null ? undefined : Number(createdAt);
}
