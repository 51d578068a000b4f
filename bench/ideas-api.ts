// The ideas API under load on PostgreSQL (issue 4, "Performance"): a company of 10,000 people,
// 100,000 ideas and 1,000,000 notifications; the idea list (first page and a deep page), an idea's
// detail and the notification bell at 50 connections, each against a bare Fastify route running
// the same SQL in the same run. Run alone with `npm run bench:ideas`.
//
// Environment (all optional): BENCH_POSTGRES_URL (a database to connect to for CREATE/DROP
// DATABASE, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATABASE (default
// ideaport_bench, created and dropped by the run), BENCH_DURATION (seconds per measurement,
// default 10), BENCH_ROUNDS (measurements of each server per endpoint, alternating, default 3: the
// table shows medians), BENCH_WARMUP (seconds, default 2), BENCH_CONNECTIONS (default 50),
// BENCH_POOL_SIZE (default 10, the server's default), BENCH_DEEP_PAGE (default 100),
// BENCH_SERIAL_DURATION (seconds of the one-connection measurement, default 5, 0 skips it),
// BENCH_SCALE (multiplies the data, default 1), BENCH_EXPLAIN=1 (always print the plans),
// BENCH_TIME_LIMIT (seconds for the whole run, default 1200), BENCH_KEEP_DATABASE=1 (leave the
// seeded database for investigation instead of dropping it), BENCH_PROFILE_DIR (write a V8 CPU
// profile of each server, Ideaport's and the baseline's, into a folder of this directory named after
// the server's script, when it stops).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { migrateDatabase } from "../apps/server/src/db/migrate.ts";
import { createAccessTokens } from "../apps/server/src/lib/access-token.ts";
import { hashPassword } from "../apps/server/src/lib/password.ts";
import type { BaselineRoute, CapturedQuery } from "./ideas-api-baseline.ts";
import { DEFAULT_SEED_SIZE, type SeedResult, seedIdeasBenchmark } from "./ideas-api-seed.ts";
import { median } from "./stats.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE_NAME = process.env.BENCH_DATABASE ?? "ideaport_bench";
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 100);
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_DURATION ?? 5);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TIME_LIMIT_SECONDS = Number(process.env.BENCH_TIME_LIMIT ?? 1200);
const LIST_P99_TARGET_MS = 20;
const JWT_SECRET = "bench-secret-".padEnd(48, "x");
/** Production needs an SMTP server configured; the benchmark sends no mail, so nothing listens here. */
const SMTP_URL = "smtp://127.0.0.1:2525";

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE_NAME)) throw new Error("BENCH_DATABASE must be a plain lower-case name");

interface Endpoint {
  name: string;
  /** The real API path, with its query string. */
  path: string;
  /** The baseline route running the same SQL. */
  baselinePath: string;
  userId: string;
  groups: CapturedQuery[][];
  isList: boolean;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

export interface EndpointFigures {
  endpoint: string;
  queries: number;
  roundTrips: number;
  ideaport: Measurement;
  baseline: Measurement;
  requestsRatio: number;
  p99Ratio: number;
  /** The same at one connection: the cost of a request without queueing. */
  serial?: { ideaport: Measurement; baseline: Measurement };
}

export interface IdeasApiFigures {
  seedMs: number;
  counts: Record<string, number>;
  endpoints: EndpointFigures[];
  listP99UnderTarget: boolean;
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
    throw new Error(`the ideas API benchmark needs PostgreSQL (BENCH_POSTGRES_URL, now ${where}): ${error}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(): Promise<void> {
  await withAdminClient((client) => client.query(`drop database if exists ${DATABASE_NAME} with (force)`));
}

/**
 * Records the SQL an in-process request sends through node-postgres pools. Queries sent while
 * another of the request is still running form one group (they ran concurrently).
 */
export function installQueryRecorder() {
  const prototype = pg.Pool.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let groups: CapturedQuery[][] | null = null;
  let running = 0;
  prototype.query = function recordQuery(this: pg.Pool, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (!groups) return result;
    const [first, second] = args as [string | pg.QueryConfig, unknown[] | undefined];
    const query: CapturedQuery =
      typeof first === "string"
        ? { text: first, values: second ?? [] }
        : {
            text: first.text,
            values: (second ?? first.values ?? []) as unknown[],
            ...((first as { rowMode?: string }).rowMode === "array" ? { rowMode: "array" as const } : {}),
            ...(first.name ? { name: first.name } : {}),
          };
    if (running === 0 || groups.length === 0) groups.push([]);
    groups.at(-1)?.push(query);
    running += 1;
    if (result instanceof Promise) void result.finally(() => (running -= 1)).catch(() => undefined);
    else running -= 1;
    return result;
  };
  return {
    async record(work: () => Promise<void>): Promise<CapturedQuery[][]> {
      groups = [];
      running = 0;
      try {
        await work();
        return groups;
      } finally {
        groups = null;
      }
    },
    uninstall() {
      prototype.query = original;
    },
  };
}

/** Where each server writes a CPU profile when it stops, when asked for (`BENCH_PROFILE_DIR`). */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : null;

export function spawnServer(script: string, env: Record<string, string>, children: Set<ChildProcess>): ChildProcess {
  const profiling = PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${path.join(PROFILE_DIR, path.basename(script, ".ts"))}`]
    : [];
  const child = spawn(TSX, [...profiling, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export async function waitUntilReady(child: ChildProcess, base: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a server exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`${base} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

export async function load(
  url: string,
  token: string | undefined,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Each figure of several measurements of one thing: its median; requests and failures add up. */
function medianMeasurement(measurements: Measurement[]): Measurement {
  return {
    requestsPerSecond: median(measurements.map((measurement) => measurement.requestsPerSecond)),
    p50: median(measurements.map((measurement) => measurement.p50)),
    p99: median(measurements.map((measurement) => measurement.p99)),
    requests: measurements.reduce((sum, measurement) => sum + measurement.requests, 0),
    failures: measurements.reduce((sum, measurement) => sum + measurement.failures, 0),
  };
}

export async function expectOk(url: string, token?: string): Promise<void> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/** Seeds, captures each endpoint's SQL in process, and answers the endpoints to measure. */
async function prepare(url: string): Promise<{ seed: SeedResult; endpoints: Endpoint[] }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: POOL_SIZE });
  const recorder = installQueryRecorder();
  try {
    await migrateDatabase(database);
    const passwordHash = await hashPassword("BenchPassword123!");
    const seedClient = new pg.Client({ connectionString: url });
    await seedClient.connect();
    const size = DEFAULT_SEED_SIZE;
    let seed: SeedResult;
    try {
      seed = await seedIdeasBenchmark(seedClient, passwordHash, {
        ...size,
        users: Math.round(size.users * SCALE),
        ideas: Math.round(size.ideas * SCALE),
        notifications: Math.round(size.notifications * SCALE),
        viewerNotifications: Math.round(size.viewerNotifications * SCALE),
      });
    } finally {
      await seedClient.end();
    }
    const counts = Object.entries(seed.counts)
      .map(([name, value]) => `${value.toLocaleString("en")} ${name}`)
      .join(", ");
    console.info(`seeded in ${(seed.milliseconds / 1000).toFixed(1)} s: ${counts}`);

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
    // Seeded users have never signed out: their session generation is still 0.
    const managerToken = await tokens.sign({ userId: seed.managerId, companyId: seed.companyId, sessionGeneration: 0 });
    const adminToken = await tokens.sign({ userId: seed.adminId, companyId: seed.companyId, sessionGeneration: 0 });
    const tokenOf = (userId: string) => (userId === seed.adminId ? adminToken : managerToken);
    const get = async (target: string, token: string) => {
      const response = await app.inject({ method: "GET", url: target, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200)
        throw new Error(`GET ${target} answered ${response.statusCode}: ${response.body}`);
      return response.json() as { ideas?: unknown[]; next_cursor?: string | null; notifications?: unknown[] };
    };

    let deepPath = "/api/project-ideas/";
    for (let page = 1; page < DEEP_PAGE; page += 1) {
      const answer = await get(deepPath, managerToken);
      if (!answer.next_cursor) throw new Error(`the manager's list ends before page ${DEEP_PAGE}`);
      deepPath = `/api/project-ideas/?cursor=${encodeURIComponent(answer.next_cursor)}`;
    }
    const planned = [
      { name: "idea list, first page", path: "/api/project-ideas/", userId: seed.managerId, isList: true },
      { name: `idea list, page ${DEEP_PAGE}`, path: deepPath, userId: seed.managerId, isList: true },
      { name: "idea list, first page (admin)", path: "/api/project-ideas/", userId: seed.adminId, isList: true },
      { name: "idea detail", path: `/api/project-ideas/${seed.detailIdeaId}/`, userId: seed.managerId, isList: false },
      { name: "notifications", path: `/api/notifications/${seed.managerId}/`, userId: seed.managerId, isList: false },
    ];
    const endpoints: Endpoint[] = [];
    for (const [index, endpoint] of planned.entries()) {
      await get(endpoint.path, tokenOf(endpoint.userId));
      let answer: Awaited<ReturnType<typeof get>> = {};
      const groups = await recorder.record(async () => {
        answer = await get(endpoint.path, tokenOf(endpoint.userId));
      });
      const items = answer.ideas ?? answer.notifications;
      if (items && items.length === 0) throw new Error(`${endpoint.name} answered an empty page`);
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
async function explain(url: string, endpoint: Endpoint, only?: (query: CapturedQuery) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.info(`\nquery plans of ${endpoint.name} (${endpoint.path}):`);
    for (const query of endpoint.groups.flat().filter(only ?? (() => true))) {
      const { rows } = await client.query(`explain (analyze, buffers) ${query.text}`, query.values);
      console.info(`\n${query.text}\n  -- ${JSON.stringify(query.values)}`);
      for (const row of rows) console.info(`  ${row["QUERY PLAN"]}`);
    }
  } finally {
    await client.end();
  }
}

export function formatTable(header: string[], body: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), ...body.map(line)].join("\n");
}

function formatFigures(rows: EndpointFigures[]): string {
  const header = [
    "endpoint",
    "SQL",
    "req/s",
    "p50 ms",
    "p99 ms",
    "base req/s",
    "base p50",
    "base p99",
    "req/s ratio",
    "p99 ratio",
  ];
  const body = rows.map((row) => [
    row.endpoint,
    `${row.queries} in ${row.roundTrips}`,
    row.ideaport.requestsPerSecond.toFixed(0),
    row.ideaport.p50.toFixed(1),
    row.ideaport.p99.toFixed(1),
    row.baseline.requestsPerSecond.toFixed(0),
    row.baseline.p50.toFixed(1),
    row.baseline.p99.toFixed(1),
    row.requestsRatio.toFixed(2),
    row.p99Ratio.toFixed(2),
  ]);
  return formatTable(header, body);
}

function formatSerialFigures(rows: EndpointFigures[]): string {
  const header = ["endpoint, 1 connection", "req/s", "p50 ms", "p99 ms", "base req/s", "base p50", "base p99"];
  const body = rows.flatMap((row) =>
    row.serial
      ? [
          [
            row.endpoint,
            row.serial.ideaport.requestsPerSecond.toFixed(0),
            row.serial.ideaport.p50.toFixed(1),
            row.serial.ideaport.p99.toFixed(1),
            row.serial.baseline.requestsPerSecond.toFixed(0),
            row.serial.baseline.p50.toFixed(1),
            row.serial.baseline.p99.toFixed(1),
          ],
        ]
      : [],
  );
  return formatTable(header, body);
}

/** Runs the ideas API benchmark and returns its figures; the database is dropped at the end. */
export async function runIdeasApiBenchmark(): Promise<IdeasApiFigures> {
  const started = performance.now();
  const url = databaseUrl(DATABASE_NAME);
  const children = new Set<ChildProcess>();
  const scratch = mkdtempSync(path.join(tmpdir(), "ideaport-bench-ideas-"));
  const watchdog = setTimeout(() => {
    console.error(`ideas API benchmark: over the ${TIME_LIMIT_SECONDS} s limit, stopping`);
    for (const child of children) child.kill("SIGKILL");
    void dropDatabase().finally(() => process.exit(1));
  }, TIME_LIMIT_SECONDS * 1000);
  watchdog.unref();

  console.info(
    `ideas API on PostgreSQL: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s per server after ${WARMUP_SECONDS} s of warm-up, pool of ${POOL_SIZE}`,
  );
  try {
    await dropDatabase();
    await withAdminClient((client) => client.query(`create database ${DATABASE_NAME}`));
    const { seed, endpoints } = await prepare(url);

    const routesFile = path.join(scratch, "baseline-routes.json");
    const routes: BaselineRoute[] = endpoints.map((endpoint) => ({
      path: endpoint.baselinePath,
      groups: endpoint.groups,
    }));
    writeFileSync(routesFile, JSON.stringify(routes));
    const port = 19_000 + Math.floor(Math.random() * 500);
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
    const figures: EndpointFigures[] = [];
    try {
      await Promise.all([waitUntilReady(real, appBase), waitUntilReady(baseline, baselineBase)]);
      const tokens = createAccessTokens(JWT_SECRET);
      for (const endpoint of endpoints) {
        // Tokens live 15 minutes: sign a fresh one for each endpoint.
        const token = await tokens.sign({ userId: endpoint.userId, companyId: seed.companyId, sessionGeneration: 0 });
        await expectOk(appBase + endpoint.path, token);
        await expectOk(baselineBase + endpoint.baselinePath);
        // Rounds alternate the two servers, so a disturbance of the machine hits both alike; each
        // figure is the median of its rounds, and each ratio the median of the rounds' ratios.
        const rounds: Array<{ ideaport: Measurement; baseline: Measurement }> = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          await load(appBase + endpoint.path, token, WARMUP_SECONDS);
          const ideaportRound = await load(appBase + endpoint.path, token, DURATION_SECONDS);
          await load(baselineBase + endpoint.baselinePath, undefined, WARMUP_SECONDS);
          const baselineRound = await load(baselineBase + endpoint.baselinePath, undefined, DURATION_SECONDS);
          rounds.push({ ideaport: ideaportRound, baseline: baselineRound });
        }
        const ideaport = medianMeasurement(rounds.map((round) => round.ideaport));
        const base = medianMeasurement(rounds.map((round) => round.baseline));
        const serial =
          SERIAL_SECONDS > 0
            ? {
                ideaport: await load(appBase + endpoint.path, token, SERIAL_SECONDS, 1),
                baseline: await load(baselineBase + endpoint.baselinePath, undefined, SERIAL_SECONDS, 1),
              }
            : undefined;
        const row: EndpointFigures = {
          endpoint: endpoint.name,
          queries: endpoint.groups.flat().length,
          roundTrips: endpoint.groups.length,
          ideaport,
          baseline: base,
          requestsRatio: median(
            rounds.map((round) => round.ideaport.requestsPerSecond / round.baseline.requestsPerSecond),
          ),
          p99Ratio: median(rounds.map((round) => round.ideaport.p99 / round.baseline.p99)),
          serial,
        };
        figures.push(row);
        console.info(
          `  ${endpoint.name}: ${ideaport.requestsPerSecond.toFixed(0)} req/s, p99 ${ideaport.p99.toFixed(1)} ms (baseline ${base.requestsPerSecond.toFixed(0)} req/s, p99 ${base.p99.toFixed(1)} ms)`,
        );
        const failures = [
          ...rounds.flatMap((round) => [round.ideaport, round.baseline]),
          serial?.ideaport,
          serial?.baseline,
        ].reduce((sum, measurement) => sum + (measurement?.failures ?? 0), 0);
        if (failures > 0) {
          throw new Error(
            `${endpoint.name}: ${failures} failed requests (Ideaport ${ideaport.failures}, baseline ${base.failures})`,
          );
        }
      }
    } finally {
      await Promise.all([stopServer(real), stopServer(baseline)]);
    }

    const lists = figures.filter((row) => endpoints.find((endpoint) => endpoint.name === row.endpoint)?.isList);
    const worstListP99 = Math.max(...lists.map((row) => row.ideaport.p99));
    const listP99UnderTarget = worstListP99 < LIST_P99_TARGET_MS;
    console.info(`\n${formatFigures(figures)}`);
    console.info(
      "SQL = statements per request in sequential round trips (auth included); ratios are Ideaport / baseline.",
    );
    console.info(
      `list p99 ${listP99UnderTarget ? "under" : "OVER"} ${LIST_P99_TARGET_MS} ms: worst ${worstListP99.toFixed(1)} ms`,
    );
    if (SERIAL_SECONDS > 0) console.info(`\n${formatSerialFigures(figures)}`);
    const explainAll = process.env.BENCH_EXPLAIN === "1";
    for (const endpoint of endpoints) {
      if (explainAll) await explain(url, endpoint);
      else if (endpoint.isList && !listP99UnderTarget) {
        await explain(url, endpoint, (query) => query.text.includes('from "ideas"'));
      }
    }
    const totalMs = performance.now() - started;
    console.info(`ideas API benchmark took ${(totalMs / 1000).toFixed(0)} s`);
    return { seedMs: seed.milliseconds, counts: seed.counts, endpoints: figures, listP99UnderTarget, totalMs };
  } finally {
    clearTimeout(watchdog);
    for (const child of children) child.kill("SIGKILL");
    rmSync(scratch, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DATABASE === "1") console.info(`kept the database: ${url}`);
    else await dropDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runIdeasApiBenchmark();
