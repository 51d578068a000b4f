// The ideas API under load on PostgreSQL (issue 4, "Performance"): a company of 10,000 people,
// 100,000 ideas and 1,000,000 notifications; the idea list (first page and a deep page, newest first
// and by score), an idea's detail and the notification bell at 50 connections, each against a bare
// Fastify route running the same SQL in the same run. Run alone with `npm run bench:ideas`.
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
// the server's script, when it stops), BENCH_ONLY (only the endpoints whose name contains one of its
// comma-separated parts, e.g. "by score").
import {
  benchDatabase,
  type CapturedEndpoint,
  captureEndpoints,
  explain,
  formatTable,
  load,
  loadTarget,
  type Measurement,
  runAgainstBaseline,
} from "./api-harness.ts";
import { DEFAULT_SEED_SIZE, type SeedResult, seedIdeasBenchmark } from "./ideas-api-seed.ts";
import { signToken } from "./server-harness.ts";
import { CONNECTIONS, POOL_SIZE, ROUNDS, scaled, WARMUP_SECONDS } from "./settings.ts";
import { median } from "./stats.ts";

const DATABASE = benchDatabase("ideas API", "BENCH_DATABASE", "ideaport_bench");
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 100);
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_DURATION ?? 5);
const LIST_P99_TARGET_MS = 20;

type Endpoint = CapturedEndpoint<{
  name: string;
  /** The real API path, with its query string. */
  path: string;
  userId: string;
  /** The token `path` was captured with. */
  token: string;
  isList: boolean;
}>;

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

/** Seeds, captures each endpoint's SQL in process, and answers the endpoints to measure. */
async function prepare(url: string): Promise<{ seed: SeedResult; endpoints: Endpoint[] }> {
  return captureEndpoints({
    url,
    seed: async (client) =>
      seedIdeasBenchmark(client, scaled(DEFAULT_SEED_SIZE, ["users", "ideas", "notifications", "viewerNotifications"])),
    async plan(seed, get) {
      const managerToken = await signToken(seed.managerId, seed.companyId);
      const adminToken = await signToken(seed.adminId, seed.companyId);
      /** The address of page DEEP_PAGE of the list at `path` (which has a query), as `token` pages through it. */
      const deepPathOf = async (path: string, token: string, list: string) => {
        let deep = path;
        for (let page = 1; page < DEEP_PAGE; page += 1) {
          const answer = (await get(deep, token)) as { next_cursor?: string | null };
          if (!answer.next_cursor) throw new Error(`${list} ends before page ${DEEP_PAGE}`);
          deep = `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(answer.next_cursor)}`;
        }
        return deep;
      };
      const manager = { userId: seed.managerId, token: managerToken };
      const admin = { userId: seed.adminId, token: adminToken };
      const newest = "/api/project-ideas/";
      // Scorecards: the list sorted by the stored weighted score. An admin may sort every idea of the
      // company so, which measures it over all 100,000; a manager their team's (the score sort is
      // refused on lists the caller does not review).
      const byScore = "/api/project-ideas/?sort=score";
      const teamByScore = `/api/project-ideas/?sort=score&team=${seed.managerTeamId}`;
      return [
        { name: "idea list, first page", path: newest, ...manager, isList: true },
        {
          name: `idea list, page ${DEEP_PAGE}`,
          path: await deepPathOf(newest, managerToken, "the manager's list"),
          ...manager,
          isList: true,
        },
        { name: "idea list, first page (admin)", path: newest, ...admin, isList: true },
        {
          name: `idea list, page ${DEEP_PAGE} (admin)`,
          path: await deepPathOf(newest, adminToken, "the admin's list"),
          ...admin,
          isList: true,
        },
        { name: "idea list by score, first page (admin)", path: byScore, ...admin, isList: true },
        {
          name: `idea list by score, page ${DEEP_PAGE} (admin)`,
          path: await deepPathOf(byScore, adminToken, "the admin's list by score"),
          ...admin,
          isList: true,
        },
        { name: "team's idea list by score, first page", path: teamByScore, ...manager, isList: true },
        { name: "idea detail", path: `/api/project-ideas/${seed.detailIdeaId}/`, ...manager, isList: false },
        { name: "notifications", path: `/api/notifications/${seed.managerId}/`, ...manager, isList: false },
      ];
    },
    check(answer, endpoint) {
      const { ideas, notifications } = answer as { ideas?: unknown[]; notifications?: unknown[] };
      const items = ideas ?? notifications;
      if (items && items.length === 0) throw new Error(`${endpoint.name} answered an empty page`);
    },
  });
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
  console.info(
    `ideas API on PostgreSQL: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s per server after ${WARMUP_SECONDS} s of warm-up, pool of ${POOL_SIZE}`,
  );
  return runAgainstBaseline(
    { database: DATABASE, fresh: true, firstPort: 19_000, prepare },
    async ({ seed, endpoints }, servers) => {
      const figures: EndpointFigures[] = [];
      for (const endpoint of endpoints) {
        const { appUrl, token, baselineUrl } = await loadTarget(servers, endpoint, endpoint.userId, seed.companyId);
        // Rounds alternate the two servers, so a disturbance of the machine hits both alike; each
        // figure is the median of its rounds, and each ratio the median of the rounds' ratios.
        const rounds: Array<{ ideaport: Measurement; baseline: Measurement }> = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          await load(appUrl, token, WARMUP_SECONDS, CONNECTIONS);
          const ideaportRound = await load(appUrl, token, DURATION_SECONDS, CONNECTIONS);
          await load(baselineUrl, undefined, WARMUP_SECONDS, CONNECTIONS);
          const baselineRound = await load(baselineUrl, undefined, DURATION_SECONDS, CONNECTIONS);
          rounds.push({ ideaport: ideaportRound, baseline: baselineRound });
        }
        const ideaport = medianMeasurement(rounds.map((round) => round.ideaport));
        const base = medianMeasurement(rounds.map((round) => round.baseline));
        const serial =
          SERIAL_SECONDS > 0
            ? {
                ideaport: await load(appUrl, token, SERIAL_SECONDS, 1),
                baseline: await load(baselineUrl, undefined, SERIAL_SECONDS, 1),
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
      await servers.stop();

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
        if (explainAll) await explain(DATABASE.url, endpoint);
        else if (endpoint.isList && !listP99UnderTarget) {
          await explain(DATABASE.url, endpoint, (query) => query.text.includes('from "ideas"'));
        }
      }
      const totalMs = performance.now() - started;
      console.info(`ideas API benchmark took ${(totalMs / 1000).toFixed(0)} s`);
      return { seedMs: seed.milliseconds, counts: seed.counts, endpoints: figures, listP99UnderTarget, totalMs };
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runIdeasApiBenchmark();
