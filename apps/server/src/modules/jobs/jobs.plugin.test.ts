import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestClock, createTestConfig } from "../../test/app.ts";
import { createTestDatabase } from "../../test/database.ts";
import { JOBS } from "./jobs.plugin.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function startInstance(): Promise<FastifyInstance> {
  const app = await buildApp({
    config: createTestConfig({ JOB_QUEUE: "true" }),
    database,
    clock: createTestClock(),
    logger: false,
  });
  await app.ready();
  expect(await app.jobQueue.started).toBeDefined();
  return app;
}

async function storedSchedules() {
  const { rows } = await database.executeSql("select name, cron, timezone from pgboss.schedule order by name");
  return rows;
}

describe("the job queue", () => {
  it("keeps its schedules in the database across restarts, once however many instances start", async () => {
    const expected = [
      { name: JOBS.dueActions.name, cron: "0 6 * * *", timezone: "UTC" },
      { name: JOBS.calendarSweep.name, cron: "*/10 * * * *", timezone: "UTC" },
      { name: JOBS.closingChallenges.name, cron: "0 8 * * *", timezone: "UTC" },
      { name: JOBS.dailyDigests.name, cron: "0 7 * * *", timezone: "UTC" },
      { name: JOBS.weeklyDigests.name, cron: "0 7 * * 1", timezone: "UTC" },
      { name: JOBS.pruneIdempotencyKeys.name, cron: "17 * * * *", timezone: "UTC" },
      { name: JOBS.integrationDeliveries.name, cron: "* * * * *", timezone: "UTC" },
      { name: JOBS.scheduledNews.name, cron: "* * * * *", timezone: "UTC" },
      { name: JOBS.pushSweep.name, cron: "* * * * *", timezone: "UTC" },
    ];
    const [first, second] = await Promise.all([startInstance(), startInstance()]);
    expect(await storedSchedules()).toEqual(expected);

    await Promise.all([first.close(), second.close()]);
    expect(await storedSchedules()).toEqual(expected);

    const restarted = await startInstance();
    expect(await storedSchedules()).toEqual(expected);
    await restarted.close();
  });

  it("does not start when JOB_QUEUE is off (the tests' default)", async () => {
    const app = await buildApp({ config: createTestConfig(), database, clock: createTestClock(), logger: false });
    await app.ready();
    expect(await app.jobQueue.started).toBeUndefined();
    await app.close();
  });
});
