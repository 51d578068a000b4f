// The Company Portal API under load on PostgreSQL (issue 10, "Demo content and tests"): a company
// of 10,000 people with 1,000,000 point_ledger rows and a few hundred news posts; the leaderboard
// (each board, period month and all) and the news list at 50 connections and at 1, each against a
// bare Fastify route running the same SQL in the same run. Run alone with `npm run bench:portal`.
//
// The seeded database is kept for the next run, which skips seeding when it holds the same size.
// Environment (all optional): BENCH_POSTGRES_URL (a database to connect to for CREATE DATABASE,
// default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORTAL_DATABASE (default
// ideaport_bench_portal), BENCH_DURATION (seconds per measurement, default 12), BENCH_WARMUP
// (seconds, default 2), BENCH_CONNECTIONS (default 50), BENCH_POOL_SIZE (default 10, the server's
// default), BENCH_SERIAL_DURATION (seconds of the one-connection measurement, default 6),
// BENCH_ROUNDS (slices of each measurement, Ideaport and baseline taking turns, default 3), BENCH_SCALE
// (multiplies people and ledger rows, default 1), BENCH_EXPLAIN=1 (print the plans),
// BENCH_RESEED=1 (seed again even when the data is there), BENCH_DROP_DATABASE=1 (drop the
// database at the end), BENCH_TIME_LIMIT (seconds for the whole run, default 1200).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { migrateDatabase } from "../apps/server/src/db/migrate.ts";
import { createAccessTokens } from "../apps/server/src/lib/access-token.ts";
import { hashPassword } from "../apps/server/src/lib/password.ts";
import {
  expectOk,
  formatTable,
  installQueryRecorder,
  load,
  type Measurement,
  spawnServer,
  stopServer,
  waitUntilReady,
} from "./ideas-api.ts";
import type { BaselineRoute, CapturedQuery } from "./ideas-api-baseline.ts";
import {
  DEFAULT_PORTAL_SEED_SIZE,
  findPortalSeed,
  type PortalSeedResult,
  type PortalSeedSize,
  seedPortalBenchmark,
} from "./portal-api-seed.ts";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE_NAME = process.env.BENCH_PORTAL_DATABASE ?? "ideaport_bench_portal";
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 12);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_DURATION ?? 6);
/** Each measurement is taken in this many slices, Ideaport and baseline taking turns. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TIME_LIMIT_SECONDS = Number(process.env.BENCH_TIME_LIMIT ?? 1200);
/** The goals: at least this share of the baseline's req/s, and this p99 at one connection. */
const RATIO_TARGET = 0.7;
const SERIAL_P99_TARGET_MS = 20;
const JWT_SECRET = "bench-secret-".padEnd(48, "x");
/** Production needs an SMTP server configured; the benchmark sends no mail, so nothing listens here. */
const SMTP_URL = "smtp://127.0.0.1:2525";

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE_NAME)) throw new Error("BENCH_PORTAL_DATABASE must be a plain lower-case name");
if (DATABASE_NAME === "test" || DATABASE_NAME === "postgres") throw new Error(`refusing to use ${DATABASE_NAME}`);

interface Endpoint {
  name: string;
  path: string;
  baselinePath: string;
  userId: string;
  groups: CapturedQuery[][];
}

export interface PortalRow {
  endpoint: string;
  connections: number;
  ideaport: Measurement;
  baseline: Measurement;
  /** Ideaport req/s over the baseline's. */
  ratio: number;
}

export interface PortalApiFigures {
  seedMs: number;
  counts: Record<string, number>;
  rows: PortalRow[];
  goalsMet: boolean;
  totalMs: number;
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
  } catch (error) {
    const where = new URL(ADMIN_URL).host;
    throw new Error(`the portal API benchmark needs PostgreSQL (BENCH_POSTGRES_URL, now ${where}): ${error}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the benchmark database unless it exists (it is kept between runs). */
async function ensureDatabase(): Promise<void> {
  await withAdminClient(async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${DATABASE_NAME}`);
  });
}

async function dropDatabase(): Promise<void> {
  await withAdminClient((client) => client.query(`drop database if exists ${DATABASE_NAME} with (force)`));
}

function seedSize(): PortalSeedSize {
  return {
    ...DEFAULT_PORTAL_SEED_SIZE,
    users: Math.round(DEFAULT_PORTAL_SEED_SIZE.users * SCALE),
    ledgerRows: Math.round(DEFAULT_PORTAL_SEED_SIZE.ledgerRows * SCALE),
  };
}

/** Migrates, seeds unless seeded, captures each endpoint's SQL in process, and answers the endpoints. */
async function prepare(url: string): Promise<{ seed: PortalSeedResult; endpoints: Endpoint[] }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: POOL_SIZE });
  const recorder = installQueryRecorder();
  try {
    await migrateDatabase(database);
    const size = seedSize();
    const seedClient = new pg.Client({ connectionString: url });
    await seedClient.connect();
    let seed: PortalSeedResult;
    try {
      const found = process.env.BENCH_RESEED === "1" ? undefined : await findPortalSeed(seedClient, size);
      seed = found ?? (await seedPortalBenchmark(seedClient, await hashPassword("BenchPassword123!"), size));
    } finally {
      await seedClient.end();
    }
    const counts = Object.entries(seed.counts)
      .map(([name, value]) => `${value.toLocaleString("en")} ${name}`)
      .join(", ");
    console.info(
      seed.milliseconds > 0
        ? `seeded in ${(seed.milliseconds / 1000).toFixed(1)} s: ${counts}`
        : `seeded by an earlier run: ${counts}`,
    );

    const config = loadConfig({
      NODE_ENV: "production",
      SMTP_URL,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      JWT_SECRET,
      RATE_LIMIT_MULTIPLIER: "1000000",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    });
    const app = await buildApp({ config, database, logger: false });
    const tokens = createAccessTokens(JWT_SECRET);
    const planned: Array<Omit<Endpoint, "baselinePath" | "groups">> = [];
    for (const board of ["employees", "managers", "teams"] as const) {
      for (const period of ["month", "all"] as const) {
        planned.push({
          name: `leaderboard ${board}, ${period}`,
          path: `/api/leaderboards/?board=${board}&period=${period}`,
          userId: board === "managers" ? seed.managerId : seed.employeeId,
        });
      }
    }
    planned.push({ name: "news list", path: "/api/news/", userId: seed.employeeId });

    const endpoints: Endpoint[] = [];
    for (const [index, endpoint] of planned.entries()) {
      // Seeded people have never signed out: their session generation is still 0.
      const token = await tokens.sign({ userId: endpoint.userId, companyId: seed.companyId, sessionGeneration: 0 });
      const get = async () => {
        const response = await app.inject({
          method: "GET",
          url: endpoint.path,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode !== 200) {
          throw new Error(`GET ${endpoint.path} answered ${response.statusCode}: ${response.body}`);
        }
        return response.json() as { entries?: unknown[]; news?: unknown[] };
      };
      await get();
      let answer: Awaited<ReturnType<typeof get>> = {};
      const groups = await recorder.record(async () => {
        answer = await get();
      });
      const items = answer.entries ?? answer.news;
      if (!items || items.length === 0) throw new Error(`${endpoint.name} answered an empty list`);
      endpoints.push({ ...endpoint, baselinePath: `/baseline/${index}`, groups });
    }
    await app.close();
    return { seed, endpoints };
  } finally {
    recorder.uninstall();
    await database.close();
  }
}

/** EXPLAIN ANALYZE of every query an endpoint ran, with the values it ran with. */
async function explain(url: string, endpoint: Endpoint): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.info(`\nquery plans of ${endpoint.name} (${endpoint.path}):`);
    for (const query of endpoint.groups.flat()) {
      const { rows } = await client.query(`explain (analyze, buffers) ${query.text}`, query.values);
      console.info(`\n${query.text}\n  -- ${JSON.stringify(query.values)}`);
      for (const row of rows) console.info(`  ${row["QUERY PLAN"]}`);
    }
  } finally {
    await client.end();
  }
}

/** Slices of one measurement as one: requests over the whole time, p50 and p99 averaged over the slices. */
function combine(slices: Measurement[]): Measurement {
  const mean = (pick: (slice: Measurement) => number) =>
    slices.reduce((sum, slice) => sum + pick(slice), 0) / slices.length;
  return {
    requestsPerSecond: mean((slice) => slice.requestsPerSecond),
    p50: mean((slice) => slice.p50),
    p99: mean((slice) => slice.p99),
    requests: slices.reduce((sum, slice) => sum + slice.requests, 0),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
  };
}

function formatRows(rows: PortalRow[]): string {
  const header = ["endpoint", "connections", "req/s", "p99 ms", "base req/s", "base p99 ms", "ratio"];
  const body = rows.map((row) => [
    row.endpoint,
    String(row.connections),
    row.ideaport.requestsPerSecond.toFixed(0),
    row.ideaport.p99.toFixed(1),
    row.baseline.requestsPerSecond.toFixed(0),
    row.baseline.p99.toFixed(1),
    row.ratio.toFixed(2),
  ]);
  return formatTable(header, body);
}

/** Runs the portal API benchmark and returns its figures; the database stays for the next run. */
export async function runPortalApiBenchmark(): Promise<PortalApiFigures> {
  const started = performance.now();
  const url = databaseUrl(DATABASE_NAME);
  const children = new Set<ChildProcess>();
  const scratch = mkdtempSync(path.join(tmpdir(), "ideaport-bench-portal-"));
  const watchdog = setTimeout(() => {
    console.error(`portal API benchmark: over the ${TIME_LIMIT_SECONDS} s limit, stopping`);
    for (const child of children) child.kill("SIGKILL");
    process.exit(1);
  }, TIME_LIMIT_SECONDS * 1000);
  watchdog.unref();

  console.info(
    `portal API on PostgreSQL: ${CONNECTIONS} and 1 connections, ${DURATION_SECONDS} s per measurement (${SERIAL_SECONDS} s at 1) in ${ROUNDS} slices taking turns with the baseline, after ${WARMUP_SECONDS} s of warm-up, pool of ${POOL_SIZE}`,
  );
  try {
    await ensureDatabase();
    const { seed, endpoints } = await prepare(url);
    const routesFile = path.join(scratch, "baseline-routes.json");
    const routes: BaselineRoute[] = endpoints.map((endpoint) => ({
      path: endpoint.baselinePath,
      groups: endpoint.groups,
    }));
    writeFileSync(routesFile, JSON.stringify(routes));
    const port = 19_500 + Math.floor(Math.random() * 400);
    const appBase = `http://127.0.0.1:${port}`;
    const baselineBase = `http://127.0.0.1:${port + 1}`;
    const real = spawnServer(
      "apps/server/src/main.ts",
      {
        NODE_ENV: "production",
        SMTP_URL,
        PORT: String(port),
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        JWT_SECRET,
        RATE_LIMIT_MULTIPLIER: "1000000",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(scratch, "data"),
      },
      children,
    );
    const baseline = spawnServer(
      "bench/ideas-api-baseline.ts",
      {
        PORT: String(port + 1),
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        BENCH_ROUTES_FILE: routesFile,
      },
      children,
    );
    const rows: PortalRow[] = [];
    try {
      await Promise.all([waitUntilReady(real, appBase), waitUntilReady(baseline, baselineBase)]);
      const tokens = createAccessTokens(JWT_SECRET);
      for (const endpoint of endpoints) {
        // Tokens live 15 minutes: sign a fresh one for each endpoint.
        const token = await tokens.sign({ userId: endpoint.userId, companyId: seed.companyId, sessionGeneration: 0 });
        const appUrl = appBase + endpoint.path;
        const baselineUrl = baselineBase + endpoint.baselinePath;
        await expectOk(appUrl, token);
        await expectOk(baselineUrl);
        const measured: PortalRow[] = [];
        for (const [connections, seconds] of [
          [CONNECTIONS, DURATION_SECONDS],
          [1, SERIAL_SECONDS],
        ] as const) {
          if (seconds <= 0) continue;
          await load(appUrl, token, WARMUP_SECONDS, connections);
          await load(baselineUrl, undefined, WARMUP_SECONDS, connections);
          // Alternating slices, so load from elsewhere on the machine falls on both alike.
          const slices: Array<[Measurement, Measurement]> = [];
          for (let round = 0; round < ROUNDS; round += 1) {
            slices.push([
              await load(appUrl, token, seconds / ROUNDS, connections),
              await load(baselineUrl, undefined, seconds / ROUNDS, connections),
            ]);
          }
          const ideaport = combine(slices.map(([app]) => app));
          const base = combine(slices.map(([, bare]) => bare));
          const failures = ideaport.failures + base.failures;
          if (failures > 0) {
            throw new Error(
              `${endpoint.name} at ${connections}: ${failures} failed requests (Ideaport ${ideaport.failures}, baseline ${base.failures})`,
            );
          }
          const row = {
            endpoint: endpoint.name,
            connections,
            ideaport,
            baseline: base,
            ratio: ideaport.requestsPerSecond / base.requestsPerSecond,
          };
          measured.push(row);
          console.info(
            `  ${endpoint.name} at ${connections}: ${ideaport.requestsPerSecond.toFixed(0)} req/s, p99 ${ideaport.p99.toFixed(1)} ms (baseline ${base.requestsPerSecond.toFixed(0)} req/s, p99 ${base.p99.toFixed(1)} ms)`,
          );
        }
        rows.push(...measured);
      }
    } finally {
      await Promise.all([stopServer(real), stopServer(baseline)]);
    }

    const slow = rows.filter((row) => row.ratio < RATIO_TARGET);
    const serialOver = rows.filter((row) => row.connections === 1 && row.ideaport.p99 >= SERIAL_P99_TARGET_MS);
    console.info(`\n${formatRows(rows)}`);
    console.info(
      "ratio = Ideaport req/s / baseline req/s; the baseline runs the captured SQL (auth included); p99 is the mean of the slices' p99.",
    );
    console.info(
      `req/s at least ${RATIO_TARGET}x the baseline: ${slow.length === 0 ? "yes" : `NO (${slow.map((row) => `${row.endpoint} at ${row.connections}`).join(", ")})`}`,
    );
    if (SERIAL_SECONDS > 0) {
      console.info(
        `p99 at 1 connection under ${SERIAL_P99_TARGET_MS} ms: ${serialOver.length === 0 ? "yes" : `NO (${serialOver.map((row) => row.endpoint).join(", ")})`}`,
      );
    }
    for (const endpoint of endpoints) {
      const missed = [...slow, ...serialOver].some((row) => row.endpoint === endpoint.name);
      if (process.env.BENCH_EXPLAIN === "1" || missed) await explain(url, endpoint);
    }
    const totalMs = performance.now() - started;
    console.info(`portal API benchmark took ${(totalMs / 1000).toFixed(0)} s`);
    return {
      seedMs: seed.milliseconds,
      counts: seed.counts,
      rows,
      goalsMet: slow.length === 0 && serialOver.length === 0,
      totalMs,
    };
  } finally {
    clearTimeout(watchdog);
    for (const child of children) child.kill("SIGKILL");
    rmSync(scratch, { recursive: true, force: true });
    if (process.env.BENCH_DROP_DATABASE === "1") await dropDatabase();
    else console.info(`kept the seeded database for the next run: ${url}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPortalApiBenchmark();
