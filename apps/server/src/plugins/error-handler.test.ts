import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loggerOptions } from "../config/logger.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { createTestConfig } from "../test/app.ts";
import { createTestDatabase } from "../test/database.ts";

/** Values a failed query carries, which no log line may show. */
const SECRET_TEXT = "s3cret-not-a-uuid";
const SECRET_EMAIL = "secret.person@example.test";
const SECRET_HASH = "$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0c2FsdA$c2VjcmV0aGFzaA";

let database: DatabaseHandle;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = createTestConfig();
  // The server's own logger options, at info, written here instead of standard output.
  const options = await loggerOptions({ nodeEnv: "production", logLevel: "info" });
  app = await buildApp({ config, database, logger: { ...options, stream: { write: (line) => logLines.push(line) } } });
  const insertSecretPerson = () =>
    database.db.insert(users).values({
      email: SECRET_EMAIL,
      passwordHash: SECRET_HASH,
      firstName: "Secret",
      lastName: "Person",
      displayName: "Secret Person",
    });
  // Routes that fail in the database, as a bug would: a data error and a unique violation.
  app.get("/api/test-failures/data-error/", async () => {
    await database.db.execute(sql`select ${SECRET_TEXT}::uuid`);
  });
  app.get("/api/test-failures/unique-violation/", async () => {
    await insertSecretPerson();
    await insertSecretPerson();
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The log records written while `run` ran, parsed. */
async function recordsDuring(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const from = logLines.length;
  await run();
  return logLines.slice(from).map((line) => JSON.parse(line));
}

describe("a database error in the log", () => {
  it("names the driver's error and SQLSTATE of a 500, never the value the query carried", async () => {
    const records = await recordsDuring(async () => {
      const response = await app.inject({ method: "GET", url: "/api/test-failures/data-error/" });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(SECRET_TEXT);
    });
    const text = records.map((record) => JSON.stringify(record)).join("\n");
    expect(text).not.toContain(SECRET_TEXT);
    const logged = records.find((record) => record.msg === "unhandled error");
    expect(logged?.err).toMatchObject({ message: "invalid input syntax for type uuid", code: "22P02" });
    expect((logged?.err as { stack?: string } | undefined)?.stack).toMatch(/^\w+: Failed query\n\s+at /);
  });

  it("names the constraint of a unique violation, never the row's values (its e-mail, its password hash)", async () => {
    const records = await recordsDuring(async () => {
      const response = await app.inject({ method: "GET", url: "/api/test-failures/unique-violation/" });
      expect(response.statusCode).toBe(500);
    });
    const text = records.map((record) => JSON.stringify(record)).join("\n");
    for (const secret of [SECRET_EMAIL, "secret.person", SECRET_HASH, "argon2id", "params"]) {
      expect(text).not.toContain(secret);
    }
    const logged = records.find((record) => record.msg === "unhandled error");
    expect(logged?.err).toMatchObject({ code: "23505", constraint: expect.stringMatching(/email/) });
  });

  it("keeps the values out of every other error the app logs too (the job queue, the mail outbox)", async () => {
    const failure = await database.db.execute(sql`select ${SECRET_TEXT}::uuid`).then(
      () => undefined,
      (error: unknown) => error,
    );
    const records = await recordsDuring(async () => app.log.error({ err: failure }, "job queue error"));
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records[0])).not.toContain(SECRET_TEXT);
    expect(records[0]!.err).toMatchObject({ code: "22P02" });
  });
});

describe("a request in the log", () => {
  it("never shows the token a link carries, in its path or its query", async () => {
    const records = await recordsDuring(async () => {
      await app.inject({ method: "GET", url: "/api/password-reset/Pa55-reset-t0ken/" });
      await app.inject({ method: "GET", url: "/api/email-preferences/unsubscribe/?token=Unsub-t0ken" });
      await app.inject({ method: "GET", url: "/calendar/Fe3d-t0ken.ics" });
    });
    const text = records.map((record) => JSON.stringify(record)).join("\n");
    for (const secret of ["Pa55-reset-t0ken", "Unsub-t0ken", "Fe3d-t0ken"]) expect(text).not.toContain(secret);
    expect(records.map((record) => (record.req as { url?: string } | undefined)?.url).filter(Boolean)).toEqual([
      "/api/password-reset/[redacted]/",
      "/api/email-preferences/unsubscribe/?token=[redacted]",
      "/calendar/[redacted].ics",
    ]);
  });
});
