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
import type pg from "pg";
import {
  benchDatabase,
  type CapturedEndpoint,
  captureEndpoints,
  explain,
  formatTable,
  loadTarget,
  type Measurement,
  measureInSlices,
  runAgainstBaseline,
} from "./api-harness.ts";
import { DEFAULT_SEED_SIZE, type SeedResult, seedIdeasBenchmark } from "./ideas-api-seed.ts";
import { signToken } from "./server-harness.ts";
import { POOL_SIZE, ROUNDS, scaled, WARMUP_SECONDS } from "./settings.ts";

const DATABASE = benchDatabase("analytics API", "BENCH_ANALYTICS_DATABASE", "ideaport_bench_analytics");
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_DURATION ?? 10);
/** The goal: the overview's p99 at one connection. */
const P99_TARGET_MS = 200;

type Endpoint = CapturedEndpoint<{ name: string; path: string; token: string }>;

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

/** Migrates, seeds, captures each overview's SQL in process, and answers the endpoints. */
async function prepare(url: string): Promise<{ seed: SeedResult; endpoints: Endpoint[] }> {
  return captureEndpoints({
    url,
    async seed(client) {
      const seed = await seedIdeasBenchmark(client, {
        ...scaled(DEFAULT_SEED_SIZE, ["users", "ideas"]),
        // The overview reads no notifications.
        notifications: 0,
        viewerNotifications: 0,
      });
      await seedAnalytics(client, seed.companyId);
      const { rows } = await client.query("select team_id from ideas where company_id = $1 limit 1", [seed.companyId]);
      return { ...seed, teamId: rows[0].team_id as string };
    },
    async plan(seed) {
      const token = await signToken(seed.adminId, seed.companyId);
      return [
        { name: "overview, last 30 days", path: "/api/analytics/overview/?period=30d", token },
        { name: "overview, year", path: "/api/analytics/overview/?period=year", token },
        { name: "overview, year, one team", path: `/api/analytics/overview/?period=year&team=${seed.teamId}`, token },
      ];
    },
    check(answer, endpoint) {
      const { overview } = answer as { overview: { funnel: Array<{ count: number }> } };
      if (overview.funnel[0]!.count === 0) throw new Error(`${endpoint.name} counted no ideas`);
    },
  });
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
  console.info(
    `analytics API on PostgreSQL: 1 connection, ${SERIAL_SECONDS} s per measurement in ${ROUNDS} slices taking turns with the baseline, after ${WARMUP_SECONDS} s of warm-up, pool of ${POOL_SIZE}`,
  );
  return runAgainstBaseline(
    { database: DATABASE, fresh: true, firstPort: 19_900, prepare },
    async ({ seed, endpoints }, servers) => {
      const rows: AnalyticsRow[] = [];
      for (const endpoint of endpoints) {
        const target = await loadTarget(servers, endpoint, seed.adminId, seed.companyId);
        const measured = await measureInSlices(endpoint.name, target, { seconds: SERIAL_SECONDS, connections: 1 });
        rows.push({ endpoint: endpoint.name, ...measured });
      }
      const token = await signToken(seed.adminId, seed.companyId);
      const exported = await readExport(`${servers.appBase}/api/analytics/ideas.csv?period=year`, token);
      await servers.stop();

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
        if (process.env.BENCH_EXPLAIN === "1" || missed) await explain(DATABASE.url, endpoint);
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
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runAnalyticsApiBenchmark();
