import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { buildUser } from "./test/factories.ts";
import { type MailPeer, startMailPeer } from "./test/mail-peer.ts";
import { runServerProcess } from "./test/server-process.ts";
import { type SilentDatabase, startSilentDatabase } from "./test/silent-database.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET: "production-secret-that-is-long-enough-for-hs256",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
};

let silentDatabase: SilentDatabase | undefined;
let mailPeer: MailPeer | undefined;
afterEach(async () => {
  await silentDatabase?.close();
  await mailPeer?.close();
  silentDatabase = undefined;
  mailPeer = undefined;
});

describe("starting the server in production", () => {
  it("exits within the connect time-out, with one line, when PostgreSQL accepts connections but never answers", async () => {
    silentDatabase = await startSilentDatabase();
    mailPeer = await startMailPeer();
    const exit = await runServerProcess(
      { ...PRODUCTION, SMTP_URL: mailPeer.url, DATABASE_URL: silentDatabase.url, DATABASE_CONNECT_TIMEOUT_MS: "1500" },
      30_000,
    );
    expect(exit.code).toBe(1);
    expect(silentDatabase.connections()).toBeGreaterThan(0);
    const lines = exit.stderr.trim().split("\n");
    expect(lines).toEqual([
      `Ideaport could not start: Could not connect to PostgreSQL at ${silentDatabase.url}: Connection terminated due to connection timeout`,
    ]);
    // Node and tsx take a few seconds to load the server on a busy machine; the wait itself is 1.5 s.
    expect(exit.elapsedMs).toBeLessThan(15_000);
  }, 40_000);

  it("refuses to start without SMTP_URL, with one line, instead of logging codes and reset links", async () => {
    const exit = await runServerProcess({ ...PRODUCTION, DATA_DIR: "/tmp/ideaport-no-smtp-test" }, 30_000);
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split("\n")).toEqual([
      "Invalid configuration:",
      "  - SMTP_URL: is required in production (smtp://host:port), so that codes and reset links are mailed, never logged",
    ]);
  }, 40_000);
});

describe("starting the server with the demo", () => {
  it("starts even when the demo cannot be written, saying why in one line without the failed query's values", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "ideaport-demo-failure-"));
    try {
      // Someone signed up with a demo person's address and never made a company: the database
      // has no company, so the demo is tried, and its people cannot be written.
      const handle = await openDatabase({ dataDir });
      await migrateDatabase(handle);
      await buildUser(handle.db, { email: "alice@acme.example" });
      await handle.close();

      const exit = await runServerProcess(
        {
          NODE_ENV: "development",
          SEED_DEMO: "true",
          DATA_DIR: dataDir,
          HOST: "127.0.0.1",
          PORT: "0",
          LOG_LEVEL: "info",
        },
        120_000,
        (stdout) => stdout.includes("Ideaport is ready"),
      );

      const records = exit.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { msg: string });
      const messages = records.map((record) => record.msg);
      expect(messages).toContain(
        'Demo data not created: duplicate key value violates unique constraint "users_email_lower_unique" (SQLSTATE 23505)',
      );
      expect(messages.some((message) => message.startsWith("Ideaport is ready"))).toBe(true);
      // Stopped by the test, gracefully, after it served.
      expect(exit.code, `${exit.stdout}\n${exit.stderr}`).toBe(0);
      const output = exit.stdout + exit.stderr;
      for (const value of ["$argon2", "acme.example", "params", "Password123!"]) expect(output).not.toContain(value);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
