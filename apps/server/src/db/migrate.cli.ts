/**
 * `npm run db:migrate`: applies pending migrations to the database the server would open
 * (DATABASE_URL, else DATA_DIR, default ./data at the repository root), then exits.
 */
import { databaseOptionsFromEnvironment, openDatabase } from "./client.ts";
import { DataDirLockedError } from "./data-dir-lock.ts";
import { migrateDatabase } from "./migrate.ts";

async function main(): Promise<void> {
  const options = databaseOptionsFromEnvironment();
  const handle = await openDatabase(options);
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  const where = options.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${options.dataDir}`;
  console.info(`Migrations applied to ${where}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
