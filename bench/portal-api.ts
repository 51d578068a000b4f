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
import {
  DEFAULT_PORTAL_SEED_SIZE,
  findPortalSeed,
  type PortalSeedResult,
  seedPortalBenchmark,
} from "./portal-api-seed.ts";
import { signToken } from "./server-harness.ts";
import { CONNECTIONS, POOL_SIZE, ROUNDS, scaled, WARMUP_SECONDS } from "./settings.ts";

const DATABASE = benchDatabase("portal API", "BENCH_PORTAL_DATABASE", "ideaport_bench_portal");
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 12);
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_DURATION ?? 6);
/** The goals: at least this share of the baseline's req/s, and this p99 at one connection. */
const RATIO_TARGET = 0.7;
const SERIAL_P99_TARGET_MS = 20;

type Endpoint = CapturedEndpoint<{ name: string; path: string; userId: string; token: string }>;

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

/** Migrates, seeds unless seeded, captures each endpoint's SQL in process, and answers the endpoints. */
async function prepare(url: string): Promise<{ seed: PortalSeedResult; endpoints: Endpoint[] }> {
  const size = scaled(DEFAULT_PORTAL_SEED_SIZE, ["users", "ledgerRows"]);
  return captureEndpoints({
    url,
    async seed(client) {
      const found = process.env.BENCH_RESEED === "1" ? undefined : await findPortalSeed(client, size);
      return found ?? (await seedPortalBenchmark(client, size));
    },
    async plan(seed) {
      const planned: Array<Omit<Endpoint, "baselinePath" | "groups" | "token">> = [];
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
      return Promise.all(
        planned.map(async (endpoint) => ({ ...endpoint, token: await signToken(endpoint.userId, seed.companyId) })),
      );
    },
    check(answer, endpoint) {
      const { entries, news } = answer as { entries?: unknown[]; news?: unknown[] };
      const items = entries ?? news;
      if (!items || items.length === 0) throw new Error(`${endpoint.name} answered an empty list`);
    },
  });
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
  console.info(
    `portal API on PostgreSQL: ${CONNECTIONS} and 1 connections, ${DURATION_SECONDS} s per measurement (${SERIAL_SECONDS} s at 1) in ${ROUNDS} slices taking turns with the baseline, after ${WARMUP_SECONDS} s of warm-up, pool of ${POOL_SIZE}`,
  );
  return runAgainstBaseline(
    { database: DATABASE, fresh: false, firstPort: 19_500, prepare },
    async ({ seed, endpoints }, servers) => {
      const rows: PortalRow[] = [];
      for (const endpoint of endpoints) {
        const target = await loadTarget(servers, endpoint, endpoint.userId, seed.companyId);
        const measured: PortalRow[] = [];
        for (const [connections, seconds] of [
          [CONNECTIONS, DURATION_SECONDS],
          [1, SERIAL_SECONDS],
        ] as const) {
          if (seconds <= 0) continue;
          const { ideaport, baseline: base } = await measureInSlices(endpoint.name, target, { seconds, connections });
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
      await servers.stop();

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
        if (process.env.BENCH_EXPLAIN === "1" || missed) await explain(DATABASE.url, endpoint);
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
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runPortalApiBenchmark();
