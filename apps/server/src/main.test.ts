import { afterEach, describe, expect, it } from "vitest";
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
