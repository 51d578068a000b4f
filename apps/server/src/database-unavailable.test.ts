import { randomUUID } from "node:crypto";
import { ERROR_CATALOGUE } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { type DatabaseHandle, isDatabaseUnavailableError } from "./db/client.ts";
import { createPostgresHandle } from "./db/postgres-client.ts";
import { createAccessTokens } from "./lib/access-token.ts";
import { createTestConfig } from "./test/app.ts";
import { type SilentDatabase, startSilentDatabase } from "./test/silent-database.ts";

let silentDatabase: SilentDatabase | undefined;
let app: FastifyInstance | undefined;
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  await silentDatabase?.close();
  app = undefined;
  database = undefined;
  silentDatabase = undefined;
});

/** The whole server over a PostgreSQL that accepts connections and never answers, with its log lines. */
async function startOverSilentDatabase(connectTimeoutMs: number) {
  silentDatabase = await startSilentDatabase();
  database = createPostgresHandle(silentDatabase.url, { connectTimeoutMs });
  const logLines: string[] = [];
  const config = createTestConfig({ LOG_LEVEL: "warn" });
  app = await buildApp({
    config,
    database,
    logger: { level: "warn", stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
  return { app, config, logLines };
}

async function timed<T>(work: Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const startedAt = performance.now();
  const result = await work;
  return { result, elapsedMs: performance.now() - startedAt };
}

describe("a database that accepts connections but never answers", () => {
  it("answers /readyz 503 with a reason within its own 2 s limit, before the connect time-out", async () => {
    const { app } = await startOverSilentDatabase(4_000);
    const { result: response, elapsedMs } = await timed(app.inject({ url: "/readyz" }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", reason: "The database is unavailable." });
    // Sooner than the pool's 4 s connect time-out: readiness has its own 2 s limit.
    expect(elapsedMs).toBeLessThan(4_000);
  }, 60_000);

  it("answers a signed-in request 503 with the catalogue's message after the connect time-out, and logs one line", async () => {
    const { app, config, logLines } = await startOverSilentDatabase(1_000);
    const token = await createAccessTokens(config.jwtSecret).sign({
      userId: randomUUID(),
      companyId: randomUUID(),
      sessionGeneration: 0,
    });
    const { result: response, elapsedMs } = await timed(
      app.inject({ url: "/api/project-ideas/", headers: { authorization: `Bearer ${token}` } }),
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      error: ERROR_CATALOGUE["service.unavailable"].message.defaultMessage,
      code: "service.unavailable",
    });
    expect(elapsedMs).toBeLessThan(5_000);
    const unavailable = logLines.filter((line) => line.includes("database unavailable"));
    expect(unavailable).toHaveLength(1);
    expect(JSON.parse(unavailable[0] as string).msg).toBe(
      "database unavailable, answering 503: Connection terminated due to connection timeout",
    );
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("a statement running past the statement time-out", () => {
  it("is cancelled by PostgreSQL and counts as the database being unavailable", async () => {
    database = createPostgresHandle(process.env.TEST_DATABASE_URL as string, { statementTimeoutMs: 200 });
    const { result: error, elapsedMs } = await timed(
      database.db.execute(sql`select pg_sleep(5)`).then(
        () => undefined,
        (failure: unknown) => failure,
      ),
    );
    expect(error).toBeDefined();
    expect(isDatabaseUnavailableError(error)).toBe(true);
    expect(elapsedMs).toBeLessThan(3_000);
  });
});
