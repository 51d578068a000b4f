/**
 * Vitest global setup of the server project: migrates ONE database per run, from which every
 * `createTestDatabase()` is copied.
 * - PGlite (default): a migrated in-memory cluster dumped to a tar under `.tmp/`.
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database.
 * It also makes the test push service's certificate, trusted by the workers it starts through
 * NODE_EXTRA_CA_CERTS (Node reads it only when a process starts).
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { REPO_ROOT } from "../config/env.ts";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { createPushServiceCertificate, type PushServiceCertificate } from "./push-service.ts";

export const TEMPLATE_DATABASE_PREFIX = "ideaport_template_";
export const TEST_DATABASE_PREFIX = "ideaport_test_";

/** What global setup hands to the test workers. */
export type TestDatabaseSource =
  | { driver: "pglite"; snapshotPath: string }
  | { driver: "postgres"; adminUrl: string; templateName: string; databasePrefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseSource: TestDatabaseSource;
    pushServiceCertificate: PushServiceCertificate;
  }
}

const SNAPSHOT_ROOT = path.join(REPO_ROOT, ".tmp", "test-databases");
/** Leftovers of crashed runs older than this are removed by the next run. */
const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const certificateFolder = path.join(SNAPSHOT_ROOT, `push-${Date.now()}-${randomBytes(4).toString("hex")}`);
  const certificate = await createPushServiceCertificate(certificateFolder);
  process.env.NODE_EXTRA_CA_CERTS = certificate.certFile;
  project.provide("pushServiceCertificate", certificate);
  const removeCertificate = () => rm(certificateFolder, { recursive: true, force: true });
  const removeDatabases = await setupDatabases(project);
  return async () => {
    await removeDatabases();
    await removeCertificate();
  };
}

async function setupDatabases(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (adminUrl) {
    const source = await createPostgresTemplate(adminUrl);
    project.provide("testDatabaseSource", source);
    return () => dropRunDatabases(source);
  }
  const source = await createPgliteSnapshot();
  project.provide("testDatabaseSource", source);
  return () => rm(path.dirname(source.snapshotPath), { recursive: true, force: true });
}

async function createPgliteSnapshot(): Promise<Extract<TestDatabaseSource, { driver: "pglite" }>> {
  await removeOldSnapshots();
  const handle = await openDatabase({});
  try {
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    // Uncompressed: loading a plain tar is faster than gunzipping one for every test database.
    const dump = await client.dumpDataDir("none");
    const folder = path.join(SNAPSHOT_ROOT, `run-${Date.now()}-${randomBytes(4).toString("hex")}`);
    await mkdir(folder, { recursive: true });
    const snapshotPath = path.join(folder, "migrated.tar");
    await writeFile(snapshotPath, new Uint8Array(await dump.arrayBuffer()));
    return { driver: "pglite", snapshotPath };
  } finally {
    await handle.close();
  }
}

async function removeOldSnapshots(): Promise<void> {
  const entries = await readdir(SNAPSHOT_ROOT).catch(() => [] as string[]);
  for (const entry of entries) {
    const folder = path.join(SNAPSHOT_ROOT, entry);
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > LEFTOVER_AGE_MS) await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Names carry the run's start time, so that concurrent runs on one server (several engineers,
 * CI jobs) never drop each other's databases, and a later run can tell a crashed run's leftovers.
 */
async function createPostgresTemplate(adminUrl: string): Promise<Extract<TestDatabaseSource, { driver: "postgres" }>> {
  const runId = `${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString("hex")}`;
  const templateName = `${TEMPLATE_DATABASE_PREFIX}${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropLeftoverDatabases(admin);
    await admin.query(`drop database if exists ${quoteIdentifier(templateName)} with (force)`);
    await admin.query(`create database ${quoteIdentifier(templateName)}`);
  } finally {
    await admin.end();
  }

  const handle = await openDatabase({ databaseUrl: databaseUrlWithName(adminUrl, templateName), poolSize: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    // Nobody may stay connected to a template, or CREATE DATABASE ... TEMPLATE refuses to copy it.
    await handle.close();
  }
  return { driver: "postgres", adminUrl, templateName, databasePrefix: `${TEST_DATABASE_PREFIX}${runId}_` };
}

async function dropLeftoverDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'ideaport\\_template\\_%' or datname like 'ideaport\\_test\\_%'",
  );
  const cutoffSeconds = (Date.now() - LEFTOVER_AGE_MS) / 1000;
  for (const { datname } of rows) {
    const startedAt = Number(/^ideaport_(?:template|test)_(\d+)_/.exec(datname)?.[1]);
    if (Number.isFinite(startedAt) && startedAt < cutoffSeconds) {
      await admin.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
    }
  }
}

/** Drops the template and whatever test databases of this run were not closed. */
async function dropRunDatabases(source: Extract<TestDatabaseSource, { driver: "postgres" }>): Promise<void> {
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [source.databasePrefix],
    );
    for (const { datname } of [...rows, { datname: source.templateName }]) {
      await admin.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** The same server and credentials, another database. */
export function databaseUrlWithName(databaseUrl: string, databaseName: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(databaseName)}`;
  return url.toString();
}

/** Quotes an SQL identifier (database names cannot be bound as parameters). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
