import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config/env.ts";
import { createTestDatabase } from "../test/database.ts";
import { buildCompany, buildTeam, buildUser } from "../test/factories.ts";
import { databaseUrlWithName, quoteIdentifier } from "../test/global-setup.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { MIGRATIONS_FOLDER, migrateDatabase } from "./migrate.ts";
import * as schema from "./schema/index.ts";
import {
  actions,
  comments,
  companies,
  ideaSearchDocument,
  ideas,
  teamMemberships,
  teams,
  users,
} from "./schema/index.ts";

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const SCHEMA_TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort();

const opened: DatabaseHandle[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function track(handle: Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  const resolved = await handle;
  opened.push(resolved);
  return resolved;
}

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

async function countRows(handle: DatabaseHandle, table: PgTable): Promise<number> {
  const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row!.count;
}

/** A throw-away folder under the repository's .tmp, removed after the test. */
function temporaryDataDir(): string {
  const folder = path.join(REPO_ROOT, ".tmp", "test-data-dirs", randomBytes(6).toString("hex"));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

describe("migrations", () => {
  it("create every table of the schema on PGlite, and a second run changes nothing", async () => {
    const handle = await track(openDatabase({}));
    await migrateDatabase(handle);
    expect(await publicTables(handle)).toEqual(SCHEMA_TABLES);
    await migrateDatabase(handle);
    expect(await publicTables(handle)).toEqual(SCHEMA_TABLES);
    // initdb and every migration in WebAssembly: 26 s on a busy two-core machine.
  }, 90_000);

  it("apply a migration added since the last start to an existing data directory, and only that one", async () => {
    const migrationsFolder = temporaryDataDir();
    await cp(MIGRATIONS_FOLDER, migrationsFolder, { recursive: true });
    const dataDir = temporaryDataDir();
    const first = await openDatabase({ dataDir });
    try {
      await migrateDatabase(first, migrationsFolder);
    } finally {
      await first.close();
    }

    // A new migration, dated after the newest one of the journal.
    const journalPath = path.join(migrationsFolder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
      entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
    };
    const newest = journal.entries.at(-1)!;
    journal.entries.push({ ...newest, idx: newest.idx + 1, when: newest.when + 1, tag: "9999_probe" });
    await writeFile(journalPath, JSON.stringify(journal));
    await writeFile(path.join(migrationsFolder, "9999_probe.sql"), 'CREATE TABLE "migration_probe" ("id" integer);');

    const second = await track(openDatabase({ dataDir }));
    await migrateDatabase(second, migrationsFolder);
    await migrateDatabase(second, migrationsFolder);
    expect(await publicTables(second)).toEqual([...SCHEMA_TABLES, "migration_probe"].sort());
    const applied = await second.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]).toEqual({ count: journal.entries.length });
  });

  it.runIf(TEST_DATABASE_URL)(
    "create every table on PostgreSQL, with instances starting together taking turns",
    async () => {
      const adminUrl = TEST_DATABASE_URL!;
      const name = `ideaport_test_migrate_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${quoteIdentifier(name)}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
        await admin.end();
      });
      const first = await track(openDatabase({ databaseUrl: databaseUrlWithName(adminUrl, name), poolSize: 2 }));
      const second = await track(openDatabase({ databaseUrl: databaseUrlWithName(adminUrl, name), poolSize: 2 }));
      expect(first.driver).toBe("postgres");

      await Promise.all([migrateDatabase(first), migrateDatabase(second)]);

      expect(await publicTables(first)).toEqual(SCHEMA_TABLES);
      const applied = await first.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      // Each migration of the journal is applied exactly once, however many instances race.
      const journal = JSON.parse(
        await readFile(path.join(REPO_ROOT, "apps/server/drizzle/meta/_journal.json"), "utf8"),
      ) as { entries: unknown[] };
      expect(applied.rows[0]).toEqual({ count: journal.entries.length });
    },
  );
});

describe("createTestDatabase", () => {
  it("returns a migrated, empty database every time", async () => {
    const first = await track(createTestDatabase());
    expect(await publicTables(first)).toEqual(SCHEMA_TABLES);
    await buildCompany(first.db, { name: "Only In The First" });
    expect(await countRows(first, companies)).toBe(1);

    const second = await track(createTestDatabase());
    expect(await countRows(second, companies)).toBe(0);
    expect(await countRows(second, users)).toBe(0);
    await second.ping();
  });

  it("uses the driver TEST_DATABASE_URL selects", async () => {
    const handle = await track(createTestDatabase());
    expect(handle.driver).toBe(TEST_DATABASE_URL ? "postgres" : "pglite");
  });
});

describe("schema", () => {
  /** Acme's user and Globex's team, in one fresh database. */
  async function userAndForeignTeam() {
    const handle = await track(createTestDatabase());
    const acme = await buildCompany(handle.db);
    const globex = await buildCompany(handle.db);
    const globexTeam = await buildTeam(handle.db, { companyId: globex.id });
    const user = await buildUser(handle.db, { companyId: acme.id });
    return { handle, acme, globex, globexTeam, user };
  }

  it("refuses an idea whose team belongs to another company", async () => {
    const { handle, acme, globexTeam, user: author } = await userAndForeignTeam();
    await expect(
      handle.db.insert(ideas).values({ companyId: acme.id, authorId: author.id, teamId: globexTeam.id, title: "Leak" }),
    ).rejects.toThrow();
  });

  it("refuses a membership in a team of another company than the user's", async () => {
    const { handle, globex, globexTeam, user } = await userAndForeignTeam();
    await expect(
      handle.db.insert(teamMemberships).values({ companyId: globex.id, teamId: globexTeam.id, userId: user.id }),
    ).rejects.toThrow();
  });

  it("keeps company names and e-mails unique whatever their case", async () => {
    const handle = await track(createTestDatabase());
    await buildCompany(handle.db, { name: "Acme Corp" });
    await expect(buildCompany(handle.db, { name: "ACME corp" })).rejects.toThrow();
    await buildUser(handle.db, { email: "Jane@Example.com" });
    await expect(buildUser(handle.db, { email: "jane@example.COM" })).rejects.toThrow();
  });

  it("fills defaults: company points rules, onboarding status, empty tags", async () => {
    const handle = await track(createTestDatabase());
    const company = await buildCompany(handle.db);
    expect(company.settings).toEqual({ points: { submit: 10, approved: 50, comment: 2, challenge_answer: 5 } });
    const team = await buildTeam(handle.db, { companyId: company.id });
    const user = await buildUser(handle.db, { teamId: team.id, role: "manager" });
    expect(user).toMatchObject({ companyId: company.id, onboardingStatus: "awaiting_initial_tour", isActive: true });
    expect(user.membership).toMatchObject({ teamId: team.id, isManager: true });
    const [idea] = await handle.db
      .insert(ideas)
      .values({ companyId: company.id, authorId: user.id, teamId: team.id, title: "Brain dump" })
      .returning();
    expect(idea).toMatchObject({ status: "draft", tags: [], voteCount: 0, description: "" });
  });

  it("reads calendar days as YYYY-MM-DD strings and instants as Dates", async () => {
    const handle = await track(createTestDatabase());
    const company = await buildCompany(handle.db);
    const author = await buildUser(handle.db, { companyId: company.id });
    const [idea] = await handle.db
      .insert(ideas)
      .values({ companyId: company.id, authorId: author.id, title: "Ship it", status: "approved" })
      .returning();
    await handle.db.insert(actions).values({ companyId: company.id, ideaId: idea!.id, dueDate: "2026-12-31" });

    const [action] = await handle.db.select().from(actions);
    expect(action!.dueDate).toBe("2026-12-31");
    expect(action!.createdAt).toBeInstanceOf(Date);
  });

  it("finds similar ideas with full-text search", async () => {
    const handle = await track(createTestDatabase());
    const company = await buildCompany(handle.db);
    const author = await buildUser(handle.db, { companyId: company.id });
    await handle.db.insert(ideas).values([
      {
        companyId: company.id,
        authorId: author.id,
        title: "Solar panels on the roof",
        description: "Cut energy bills",
      },
      { companyId: company.id, authorId: author.id, title: "Standing desks", description: "Healthier teams" },
    ]);
    const found = await handle.db
      .select({ title: ideas.title })
      .from(ideas)
      .where(sql`${ideaSearchDocument} @@ websearch_to_tsquery('english', ${"energy bill"})`);
    expect(found).toEqual([{ title: "Solar panels on the roof" }]);
  });

  it("serves the newest-first idea list and the similar-idea search from their indexes", async () => {
    const handle = await track(createTestDatabase());
    const company = await buildCompany(handle.db);
    const plans = await handle.db.transaction(async (tx) => {
      // With a handful of rows a sequential scan is cheaper; forbid it to see which index fits.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const list = await tx.execute(
        sql`explain select id from ideas where company_id = ${company.id} order by created_at desc, id desc limit 20`,
      );
      const search = await tx.execute(
        sql`explain select id from ideas where ${ideaSearchDocument} @@ websearch_to_tsquery('english', 'energy')`,
      );
      return { list: JSON.stringify(list.rows), search: JSON.stringify(search.rows) };
    });
    expect(plans.list).toContain("ideas_company_created_idx");
    expect(plans.list).not.toContain("Sort");
    expect(plans.search).toContain("ideas_search_idx");
  });

  it("removes a company's rows with the company and keeps its users without one", async () => {
    const handle = await track(createTestDatabase());
    const company = await buildCompany(handle.db);
    const team = await buildTeam(handle.db, { companyId: company.id });
    const user = await buildUser(handle.db, { teamId: team.id });
    const [idea] = await handle.db
      .insert(ideas)
      .values({ companyId: company.id, authorId: user.id, teamId: team.id, title: "Idea" })
      .returning();
    await handle.db.insert(comments).values({ companyId: company.id, ideaId: idea!.id, authorId: user.id, body: "+1" });

    await handle.db.delete(companies).where(sql`${companies.id} = ${company.id}`);

    expect(await countRows(handle, teams)).toBe(0);
    expect(await countRows(handle, ideas)).toBe(0);
    expect(await countRows(handle, comments)).toBe(0);
    expect(await countRows(handle, teamMemberships)).toBe(0);
    const [left] = await handle.db.select({ companyId: users.companyId }).from(users);
    expect(left).toEqual({ companyId: null });
  });
});

describe("data directory lock", () => {
  const lockedMessage = (dataDir: string) =>
    `Another Ideaport server is already using the data directory ${dataDir}. Stop it first, or set DATA_DIR to another folder.`;

  it("refuses a second opening of the same data directory until the first is closed", async () => {
    const dataDir = temporaryDataDir();
    const first = await openDatabase({ dataDir });
    try {
      await migrateDatabase(first);
      await expect(openDatabase({ dataDir })).rejects.toThrow(lockedMessage(dataDir));
    } finally {
      await first.close();
    }

    const second = await track(openDatabase({ dataDir }));
    await second.ping();
    expect(await publicTables(second)).toEqual(SCHEMA_TABLES);
  });

  it("takes over at once a lock left by a process that crashed", async () => {
    const dataDir = temporaryDataDir();
    const child = await holdLockInChildProcess(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(lockedMessage(dataDir));

    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });

  it("takes over a lock recorded under this process's pid that it does not hold (a restarted container)", async () => {
    const dataDir = temporaryDataDir();
    await mkdir(path.join(dataDir, "server.lock"), { recursive: true });
    await writeFile(
      path.join(dataDir, "server.lock.json"),
      JSON.stringify({ pid: process.pid, hostname: os.hostname(), acquiredAt: new Date().toISOString() }),
    );

    const lock = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(lockedMessage(dataDir));
    await lock.release();
  });
});

/** Starts a process that takes the lock and then waits to be killed. */
async function holdLockInChildProcess(dataDir: string): Promise<ChildProcess> {
  const lockModule = new URL("./data-dir-lock.ts", import.meta.url).href;
  const script = `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
await acquireDataDirLock(${JSON.stringify(dataDir)});
process.stdout.write("locked\\n");
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let errors = "";
  child.stderr!.on("data", (chunk) => {
    errors += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The lock holder exited (${code}): ${errors}`)));
  });
  return child;
}
