// The administrators' analytics API on PostgreSQL: a company of 100,000 ideas (the ideas API
// benchmark's seed, plus an action for every approved idea and the points their authors earned),
// the overview for the last 30 days, the year and the year of one team, each measured at one
// connection (p99, the goal: under 200 ms) against a bare Fastify route running the same SQL in the
// same run; then the CSV export of the whole year, read to its end. Run alone with
// `npm run bench:analytics`.
//
// Environment (all optional): BENCH_POSTGRES_URL (a database to connect to for CREATE/DROP
// DATABASE, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ANALYTICS_DATABASE (default
// ideaport_bench_analytics, created and dropped by the run), BENCH_SERIAL_DURATION (seconds per
// measurement, default 10), BENCH_WARMUP (seconds, default 2), BENCH_ROUNDS (slices of each
// measurement, Ideaport and baseline taking turns, default 3), BENCH_POOL_SIZE (default 10),
// BENCH_SCALE (multiplies people and ideas, default 1), BENCH_EXPLAIN=1 (print the plans),
// BENCH_KEEP_DATABASE=1 (leave the database), BENCH_TIME_LIMIT (seconds for the whole run,
// default 1200).
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
import { DEFAULT_SEED_SIZE, type SeedResult, seedIdeasBenchmark } from "./ideas-api-seed.ts";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE_NAME = process.env.BENCH_ANALYTICS_DATABASE ?? "ideaport_bench_analytics";
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_DURATION ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TIME_LIMIT_SECONDS = Number(process.env.BENCH_TIME_LIMIT ?? 1200);
/** The goal: the overview's p99 at one connection. */
const P99_TARGET_MS = 200;
const JWT_SECRET = "bench-secret-".padEnd(48, "x");
/** Production needs an SMTP server configured; the benchmark sends no mail, so nothing listens here. */
const SMTP_URL = "smtp://127.0.0.1:2525";

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE_NAME)) {
  throw new Error("BENCH_ANALYTICS_DATABASE must be a plain lower-case name");
}
if (DATABASE_NAME === "test" || DATABASE_NAME === "postgres") throw new Error(`refusing to use ${DATABASE_NAME}`);

interface Endpoint {
  name: string;
  path: string;
  baselinePath: string;
  groups: CapturedQuery[][];
}

export interface AnalyticsRow {
  endpoint: string;
  ideaport: Measurement;
  baseline: Measurement;
}

export interface AnalyticsApiFigures {
  seedMs: number;
  counts: Record<string, number>;
  rows: AnalyticsRow[];
  export: { lines: number; bytes: number; milliseconds: number };
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
    throw new Error(`the analytics API benchmark needs PostgreSQL (BENCH_POSTGRES_URL, now ${where}): ${error}`);
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
 * What the ideas seed leaves out and the overview counts: an action for every approved idea (due
 * around its approval, a third of them done, a third in progress), and the points of the ledger:
 * submitting pays 10, approval 25.
 */
async function seedAnalytics(client: pg.ClientBase, companyId: string): Promise<void> {
  await client.query(
    `insert into actions (company_id, idea_id, owner_id, due_date, status, created_at, updated_at)
       select company_id, id, author_id, (updated_at + interval '30 days')::date,
              (array['todo', 'in_progress', 'done'])[1 + abs(hashtext(id::text)) % 3], updated_at, updated_at
         from ideas where company_id = $1 and status = 'approved'`,
    [companyId],
  );
  await client.query(
    `insert into point_ledger (company_id, user_id, team_id, delta, reason, reference_type, reference_id, created_at)
       select company_id, author_id, team_id, 10, 'submit', 'idea', id, submitted_at
         from ideas where company_id = $1 and submitted_at is not null
       union all
       select company_id, author_id, team_id, 25, 'approved', 'idea', id, updated_at
         from ideas where company_id = $1 and status = 'approved'`,
    [companyId],
  );
  await client.query("vacuum analyze actions, point_ledger");
}

/** Migrates, seeds, captures each overview's SQL in process, and answers the endpoints and a token. */
async function prepare(url: string): Promise<{ seed: SeedResult; endpoints: Endpoint[]; teamId: string }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: POOL_SIZE });
  const recorder = installQueryRecorder();
  try {
    await migrateDatabase(database);
    const seedClient = new pg.Client({ connectionString: url });
    await seedClient.connect();
    let seed: SeedResult;
    let teamId: string;
    try {
      seed = await seedIdeasBenchmark(seedClient, await hashPassword("BenchPassword123!"), {
        ...DEFAULT_SEED_SIZE,
        users: Math.round(DEFAULT_SEED_SIZE.users * SCALE),
        ideas: Math.round(DEFAULT_SEED_SIZE.ideas * SCALE),
        // The overview reads no notifications.
        notifications: 0,
        viewerNotifications: 0,
      });
      await seedAnalytics(seedClient, seed.companyId);
      const { rows } = await seedClient.query("select team_id from ideas where company_id = $1 limit 1", [
        seed.companyId,
      ]);
      teamId = rows[0].team_id as string;
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
    const token = await createAccessTokens(JWT_SECRET).sign({
      userId: seed.adminId,
      companyId: seed.companyId,
      sessionGeneration: 0,
    });
    const planned = [
      { name: "overview, last 30 days", path: "/api/analytics/overview/?period=30d" },
      { name: "overview, year", path: "/api/analytics/overview/?period=year" },
      { name: "overview, year, one team", path: `/api/analytics/overview/?period=year&team=${teamId}` },
    ];
    const endpoints: Endpoint[] = [];
    for (const [index, endpoint] of planned.entries()) {
      const get = async () => {
        const response = await app.inject({
          method: "GET",
          url: endpoint.path,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode !== 200) {
          throw new Error(`GET ${endpoint.path} answered ${response.statusCode}: ${response.body}`);
        }
        return response.json() as { overview: { funnel: Array<{ count: number }> } };
      };
      await get();
      let answer: Awaited<ReturnType<typeof get>> | undefined;
      const groups = await recorder.record(async () => {
        answer = await get();
      });
      if (!answer || answer.overview.funnel[0]!.count === 0) throw new Error(`${endpoint.name} counted no ideas`);
      // The caller's own look-up (authentication) is the server's part, not the overview's.
      endpoints.push({ ...endpoint, baselinePath: `/baseline/${index}`, groups });
    }
    await app.close();
    return { seed, endpoints, teamId };
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

/** Reads the whole export of a period, counting its lines and bytes as they stream in. */
async function readExport(url: string, token: string): Promise<AnalyticsApiFigures["export"]> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" } });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { lines, bytes, milliseconds: performance.now() - started };
}

/** Runs the analytics API benchmark and returns its figures; the database is dropped at the end. */
export async function runAnalyticsApiBenchmark(): Promise<AnalyticsApiFigures> {
  const started = performance.now();
  const url = databaseUrl(DATABASE_NAME);
  const children = new Set<ChildProcess>();
  const scratch = mkdtempSync(path.join(tmpdir(), "ideaport-bench-analytics-"));
  const watchdog = setTimeout(() => {
    console.error(`analytics API benchmark: over the ${TIME_LIMIT_SECONDS} s limit, stopping`);
    for (const child of children) child.kill("SIGKILL");
    process.exit(1);
  }, TIME_LIMIT_SECONDS * 1000);
  watchdog.unref();

  console.info(
    `analytics API on PostgreSQL: 1 connection, ${SERIAL_SECONDS} s per measurement in ${ROUNDS} slices taking turns with the baseline, after ${WARMUP_SECONDS} s of warm-up, pool of ${POOL_SIZE}`,
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
    const port = 19_900 + Math.floor(Math.random() * 400);
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
    const rows: AnalyticsRow[] = [];
    let exported: AnalyticsApiFigures["export"];
    try {
      await Promise.all([waitUntilReady(real, appBase), waitUntilReady(baseline, baselineBase)]);
      const tokens = createAccessTokens(JWT_SECRET);
      for (const endpoint of endpoints) {
        // Tokens live 15 minutes: sign a fresh one for each endpoint.
        const token = await tokens.sign({ userId: seed.adminId, companyId: seed.companyId, sessionGeneration: 0 });
        const appUrl = appBase + endpoint.path;
        const baselineUrl = baselineBase + endpoint.baselinePath;
        await expectOk(appUrl, token);
        await expectOk(baselineUrl);
        await load(appUrl, token, WARMUP_SECONDS, 1);
        await load(baselineUrl, undefined, WARMUP_SECONDS, 1);
        // Alternating slices, so load from elsewhere on the machine falls on both alike.
        const slices: Array<[Measurement, Measurement]> = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          slices.push([
            await load(appUrl, token, SERIAL_SECONDS / ROUNDS, 1),
            await load(baselineUrl, undefined, SERIAL_SECONDS / ROUNDS, 1),
          ]);
        }
        const ideaport = combine(slices.map(([app]) => app));
        const base = combine(slices.map(([, bare]) => bare));
        if (ideaport.failures + base.failures > 0) {
          throw new Error(
            `${endpoint.name}: failed requests (Ideaport ${ideaport.failures}, baseline ${base.failures})`,
          );
        }
        rows.push({ endpoint: endpoint.name, ideaport, baseline: base });
      }
      const token = await tokens.sign({ userId: seed.adminId, companyId: seed.companyId, sessionGeneration: 0 });
      exported = await readExport(`${appBase}/api/analytics/ideas.csv?period=year`, token);
    } finally {
      await Promise.all([stopServer(real), stopServer(baseline)]);
    }

    const header = ["endpoint", "req/s", "p50 ms", "p99 ms", "base p50 ms", "base p99 ms"];
    const body = rows.map((row) => [
      row.endpoint,
      row.ideaport.requestsPerSecond.toFixed(1),
      row.ideaport.p50.toFixed(1),
      row.ideaport.p99.toFixed(1),
      row.baseline.p50.toFixed(1),
      row.baseline.p99.toFixed(1),
    ]);
    console.info(`\n${formatTable(header, body)}`);
    console.info(
      `\nCSV export of the year: ${(exported.lines - 1).toLocaleString("en")} ideas, ${(exported.bytes / 1e6).toFixed(1)} MB in ${(exported.milliseconds / 1000).toFixed(1)} s`,
    );
    const over = rows.filter((row) => row.ideaport.p99 >= P99_TARGET_MS);
    console.info(
      `overview p99 at 1 connection under ${P99_TARGET_MS} ms: ${over.length === 0 ? "yes" : `NO (${over.map((row) => row.endpoint).join(", ")})`}`,
    );
    for (const endpoint of endpoints) {
      const missed = over.some((row) => row.endpoint === endpoint.name);
      if (process.env.BENCH_EXPLAIN === "1" || missed) await explain(url, endpoint);
    }
    const totalMs = performance.now() - started;
    console.info(`analytics API benchmark took ${(totalMs / 1000).toFixed(0)} s`);
    return {
      seedMs: seed.milliseconds,
      counts: seed.counts,
      rows,
      export: exported,
      goalsMet: over.length === 0,
      totalMs,
    };
  } finally {
    clearTimeout(watchdog);
    for (const child of children) child.kill("SIGKILL");
    rmSync(scratch, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DATABASE === "1") console.info(`kept the database: ${url}`);
    else await dropDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAnalyticsApiBenchmark();
