/**
 * Applies the generated migrations in apps/server/drizzle. The server runs this at start-up.
 */
import { fileURLToPath } from "node:url";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { DatabaseHandle } from "./client.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

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

  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_ADVISORY_LOCK_KEY]);
    try {
      await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_ADVISORY_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
