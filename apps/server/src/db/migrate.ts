/**
 * Applies the generated migrations in apps/server/drizzle. The server runs this at start-up.
 */
import path from "node:path";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { SERVER_ROOT } from "../config/env.ts";
import type { DatabaseHandle } from "./types.ts";

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, "drizzle");

/**
 * Any fixed number: instances starting together on one PostgreSQL take turns on this advisory
 * lock, so only the first applies the migrations and the others find them done.
 */
const MIGRATION_ADVISORY_LOCK_KEY = 7_236_501_844;

/** Brings the database to the latest schema; a no-op when it is already there. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === "pglite") {
    // PGlite serves one process (the data directory lock ensures it), so no lock is needed.
    await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, unknown>>, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
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
      await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_ADVISORY_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
