/**
 * Fresh, migrated, empty databases for tests, copied from the one global-setup.ts migrated:
 * PGlite in memory by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { createPglite, type DatabaseHandle, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { databaseUrlWithName, quoteIdentifier, type TestDatabaseSource } from "./global-setup.ts";

/** PostgreSQL error code: the template has other sessions, so it cannot be copied yet. */
const OBJECT_IN_USE = "55006";
const TEMPLATE_BUSY_TIMEOUT_MS = 15_000;

/** A fresh, migrated, empty database; `close()` disposes of it. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const source = inject("testDatabaseSource");
  if (source?.driver === "postgres") return createPostgresTestDatabase(source);
  if (source?.driver === "pglite") {
    // As the server opens it: the WebAssembly compiled once per test file, the smaller shared buffers.
    return openDatabase({ pglite: await createPglite({ loadDataDir: await loadSnapshot(source.snapshotPath) }) });
  }
  // Run without the project's global setup (another config): migrate from scratch, slower.
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  return handle;
}

let snapshot: { path: string; blob: Promise<Blob> } | undefined;

/** The snapshot is read once per test file's module graph and shared by its databases. */
function loadSnapshot(snapshotPath: string): Promise<Blob> {
  if (snapshot?.path !== snapshotPath) {
    snapshot = { path: snapshotPath, blob: readFile(snapshotPath).then((bytes) => new Blob([bytes])) };
  }
  return snapshot.blob;
}

async function createPostgresTestDatabase(
  source: Extract<TestDatabaseSource, { driver: "postgres" }>,
): Promise<DatabaseHandle> {
  const name = `${source.databasePrefix}${randomBytes(6).toString("hex")}`;
  await withAdminClient(source.adminUrl, (admin) => createFromTemplate(admin, name, source.templateName));
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: databaseUrlWithName(source.adminUrl, name), poolSize: 5 });
  } catch (error) {
    await dropDatabase(source.adminUrl, name);
    throw error;
  }
  let closed = false;
  return {
    ...handle,
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
      await dropDatabase(source.adminUrl, name);
    },
  };
}

/** Copies the template, waiting while another session (e.g. global setup closing) still uses it. */
async function createFromTemplate(admin: pg.Client, name: string, templateName: string): Promise<void> {
  const deadline = Date.now() + TEMPLATE_BUSY_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(templateName)}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(25 * attempt, 250)));
    }
  }
}

function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return withAdminClient(adminUrl, async (admin) => {
    await admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  });
}

async function withAdminClient<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}
