/**
 * The job queue: pg-boss 10 on the app's own database, PGlite or PostgreSQL alike. pg-boss is
 * handed the database handle's `executeSql` instead of a pool of its own, so on PGlite it shares
 * the one in-process connection, and on PostgreSQL the app's pool. Its tables live in the
 * `pgboss` schema, which it creates and migrates itself at start. Jobs and schedules are rows, so
 * they survive restarts; workers claim jobs with `FOR UPDATE SKIP LOCKED`, and a cron schedule
 * is turned into at most one job per minute across every instance.
 */
import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "../../db/client.ts";

export type JobQueue = PgBoss;

export interface JobQueueOptions {
  /** How often a worker looks for new jobs (seconds; default 2). */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked (seconds; pg-boss's default 30). */
  cronMonitorIntervalSeconds?: number;
}

/** Opens pg-boss over the database (loaded only now: it requires `pg` itself) and starts it. */
export async function startJobQueue(
  database: Pick<DatabaseHandle, "executeSql">,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const { default: PgBossClass } = await import("pg-boss");
  const boss = new PgBossClass({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: "pgboss",
    ...(options.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: 1 }
      : {}),
  });
  await boss.start();
  return boss;
}
