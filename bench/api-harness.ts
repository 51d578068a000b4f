// What the API benchmarks on PostgreSQL share: a run against the baseline (their database on
// BENCH_POSTGRES_URL, each endpoint's SQL captured in process for the baseline to run the same,
// Ideaport's server and the baseline started on it), load at a number of connections
// (autocannon), query plans, and the tables they print.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { migrateDatabase } from "../apps/server/src/db/migrate.ts";
import type { CapturedQuery } from "./ideas-api-baseline.ts";
import type { SeedFigures } from "./seed-shared.ts";
import { productionEnv, type ServerPair, signToken, startServerPair, startWatchdog } from "./server-harness.ts";
import { isMeasured, POOL_SIZE, ROUNDS, TIME_LIMIT_SECONDS, WARMUP_SECONDS } from "./settings.ts";

/** A database to connect to for CREATE and DROP DATABASE. */
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type BenchDatabase = ReturnType<typeof benchDatabase>;

/**
 * The benchmark's own database: its name from the environment variable `variable` (default
 * `fallback`), on the server of BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
export function benchDatabase(benchmark: string, variable: string, fallback: string) {
  const name = process.env[variable] ?? fallback;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${variable} must be a plain lower-case name`);
  if (name === "test" || name === "postgres") throw new Error(`refusing to use ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;

  async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await client.connect();
    } catch (error) {
      const where = new URL(ADMIN_URL).host;
      throw new Error(`the ${benchmark} benchmark needs PostgreSQL (BENCH_POSTGRES_URL, now ${where}): ${error}`);
    }
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  return {
    benchmark,
    name,
    url: url.toString(),
    /** Drops the database (if there) and creates it empty. */
    create: () =>
      withAdminClient(async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
        await client.query(`create database ${name}`);
      }),
    /** Creates the database unless it exists (kept between runs). */
    ensure: () =>
      withAdminClient(async (client) => {
        const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
        if (!rowCount) await client.query(`create database ${name}`);
      }),
    drop: () => withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * One run of an API benchmark: `database` made ready, `prepare` seeding it and capturing the
 * endpoints, Ideaport's server and the baseline started on them (on a random port of the 400 from
 * `firstPort`, and the next: benchmarks that may run at once take ranges of their own), and
 * `measure` run against the two; it stops them when it has measured (they are stopped at the end in
 * any case). A `fresh` database is created anew and dropped at the end (BENCH_KEEP_DATABASE=1
 * keeps it); otherwise the database is kept for the next run (BENCH_DROP_DATABASE=1 drops it). A
 * watchdog ends the run after TIME_LIMIT_SECONDS.
 */
export async function runAgainstBaseline<Prepared extends { endpoints: CapturedEndpoint<object>[] }, Result>(
  options: {
    database: BenchDatabase;
    fresh: boolean;
    firstPort: number;
    prepare: (url: string) => Promise<Prepared>;
  },
  measure: (prepared: Prepared, servers: ServerPair) => Promise<Result>,
): Promise<Result> {
  const { database } = options;
  const dropsDatabase = options.fresh
    ? process.env.BENCH_KEEP_DATABASE !== "1"
    : process.env.BENCH_DROP_DATABASE === "1";
  const children = new Set<ChildProcess>();
  const scratch = mkdtempSync(path.join(tmpdir(), "ideaport-bench-"));
  const watchdog = startWatchdog(database.benchmark, TIME_LIMIT_SECONDS, children, async () => {
    if (dropsDatabase) await database.drop();
  });
  let servers: ServerPair | undefined;
  try {
    await (options.fresh ? database.create() : database.ensure());
    const prepared = await options.prepare(database.url);
    servers = await startServerPair({
      port: options.firstPort + Math.floor(Math.random() * 400),
      databaseUrl: database.url,
      poolSize: POOL_SIZE,
      endpoints: prepared.endpoints,
      scratch,
      children,
    });
    return await measure(prepared, servers);
  } finally {
    await servers?.stop();
    clearTimeout(watchdog);
    for (const child of children) child.kill("SIGKILL");
    rmSync(scratch, { recursive: true, force: true });
    if (dropsDatabase) await database.drop();
    else if (options.fresh) console.info(`kept the database: ${database.url}`);
    else console.info(`kept the seeded database for the next run: ${database.url}`);
  }
}

/**
 * Records the SQL an in-process request sends through node-postgres pools. Queries sent while
 * another of the request is still running form one group (they ran concurrently).
 */
function installQueryRecorder() {
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

/** An endpoint to measure, with the SQL Ideaport ran for it and the baseline's path running the same. */
export type CapturedEndpoint<Planned> = Planned & { baselinePath: string; groups: CapturedQuery[][] };

/**
 * Ideaport in process on the benchmark's database: migrates it, has `seed` fill it (through a
 * client of its own) and prints what it holds, then asks each endpoint `plan` lists once to warm
 * up and once recording its SQL, and has `check` refuse an answer that measures nothing (an empty
 * page). `get` answers the JSON of a GET, which must answer 200.
 */
export async function captureEndpoints<
  Seed extends SeedFigures,
  Planned extends { name: string; path: string; token: string },
>(options: {
  url: string;
  seed: (client: pg.Client) => Promise<Seed>;
  plan: (seed: Seed, get: (path: string, token: string) => Promise<unknown>) => Promise<Planned[]>;
  check: (answer: unknown, endpoint: Planned) => void;
}): Promise<{ seed: Seed; endpoints: CapturedEndpoint<Planned>[] }> {
  const database = await openDatabase({ databaseUrl: options.url, poolSize: POOL_SIZE });
  const recorder = installQueryRecorder();
  try {
    await migrateDatabase(database);
    const seedClient = new pg.Client({ connectionString: options.url });
    await seedClient.connect();
    let seed: Seed;
    try {
      seed = await options.seed(seedClient);
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

    const config = loadConfig(productionEnv(options.url, POOL_SIZE));
    const app = await buildApp({ config, database, logger: false });
    const get = async (target: string, token: string) => {
      const response = await app.inject({ method: "GET", url: target, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200)
        throw new Error(`GET ${target} answered ${response.statusCode}: ${response.body}`);
      return response.json() as unknown;
    };
    const endpoints: CapturedEndpoint<Planned>[] = [];
    for (const [index, endpoint] of (await options.plan(seed, get))
      .filter((planned) => isMeasured(planned.name))
      .entries()) {
      await get(endpoint.path, endpoint.token);
      let answer: unknown;
      const groups = await recorder.record(async () => {
        answer = await get(endpoint.path, endpoint.token);
      });
      options.check(answer, endpoint);
      endpoints.push({ ...endpoint, baselinePath: `/baseline/${index}`, groups });
    }
    await app.close();
    return { seed, endpoints };
  } finally {
    recorder.uninstall();
    await database.close();
  }
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

/** `seconds` of GET requests to `url` over `connections` connections. */
export async function load(
  url: string,
  token: string | undefined,
  seconds: number,
  connections: number,
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

/** An endpoint's address on Ideaport's server, with a token, and the baseline's. */
export interface LoadTarget {
  appUrl: string;
  token: string;
  baselineUrl: string;
}

/**
 * Where to load `endpoint` on each server, as a seeded person, each checked to answer 200 first.
 * The token is signed now: tokens live 15 minutes, less than a whole run.
 */
export async function loadTarget(
  servers: ServerPair,
  endpoint: { path: string; baselinePath: string },
  userId: string,
  companyId: string,
): Promise<LoadTarget> {
  const target = {
    appUrl: servers.appBase + endpoint.path,
    token: await signToken(userId, companyId),
    baselineUrl: servers.baselineBase + endpoint.baselinePath,
  };
  await expectOk(target.appUrl, target.token);
  await expectOk(target.baselineUrl);
  return target;
}

/**
 * `seconds` of load on Ideaport and on the baseline, after a warm-up of each: in ROUNDS slices,
 * the two taking turns, so that load from elsewhere on the machine falls on both alike. Any failed
 * request fails the run, named after `endpoint`.
 */
export async function measureInSlices(
  endpoint: string,
  target: LoadTarget,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<{ ideaport: Measurement; baseline: Measurement }> {
  await load(target.appUrl, target.token, WARMUP_SECONDS, connections);
  await load(target.baselineUrl, undefined, WARMUP_SECONDS, connections);
  const slices: Array<[Measurement, Measurement]> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    slices.push([
      await load(target.appUrl, target.token, seconds / ROUNDS, connections),
      await load(target.baselineUrl, undefined, seconds / ROUNDS, connections),
    ]);
  }
  const ideaport = combine(slices.map(([app]) => app));
  const baseline = combine(slices.map(([, bare]) => bare));
  const failures = ideaport.failures + baseline.failures;
  if (failures > 0) {
    throw new Error(
      `${endpoint} at ${connections}: ${failures} failed requests (Ideaport ${ideaport.failures}, baseline ${baseline.failures})`,
    );
  }
  return { ideaport, baseline };
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

async function expectOk(url: string, token?: string): Promise<void> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/** EXPLAIN ANALYZE of every query an endpoint ran (those `only` keeps), with the values it ran with. */
export async function explain(
  url: string,
  endpoint: { name: string; path: string; groups: CapturedQuery[][] },
  only: (query: CapturedQuery) => boolean = () => true,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.info(`\nquery plans of ${endpoint.name} (${endpoint.path}):`);
    for (const query of endpoint.groups.flat().filter(only)) {
      const { rows } = await client.query(`explain (analyze, buffers) ${query.text}`, query.values);
      console.info(`\n${query.text}\n  -- ${JSON.stringify(query.values)}`);
      for (const row of rows) console.info(`  ${row["QUERY PLAN"]}`);
    }
  } finally {
    await client.end();
  }
}

/** Columns padded to their widest cell: the first left-aligned, the others right-aligned. */
export function formatTable(header: string[], body: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), ...body.map(line)].join("\n");
}
