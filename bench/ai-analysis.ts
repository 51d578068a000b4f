// The AI analysis (POST /api/ai-analysis/, built in) on PostgreSQL at 100,000 ideas: the ideas API
// benchmark's seed (one company of 10,000 people; its titles all read "Improve <topic> (idea n)"
// over 22 topics and its descriptions are three of a dozen sentences, so every analysis meets
// thousands of candidates by title and by words, a worse case than a real company's). Each text is
// analysed as a team manager through the whole app in process (`app.inject`: authentication,
// validation, rate limit, service, serialisation), one request at a time, and measured against a
// baseline in the same run through the same app: the first page of the ideas list
// (GET /api/project-ideas/), the request every ideas page makes, the two taking turns. Goal: p99
// of the analysis under 100 ms. Run alone with `npm run bench:ai -w @ideaport/bench`.
//
// Environment (all optional): BENCH_POSTGRES_URL (a database to connect to for CREATE/DROP
// DATABASE, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_AI_DATABASE (default
// ideaport_bench_ai, created and dropped by the run), BENCH_REQUESTS (analyses per text and round,
// default 40), BENCH_ROUNDS (default 3), BENCH_SCALE (multiplies people and ideas, default 1),
// BENCH_KEEP_DATABASE=1 (leave the database), BENCH_ENGINE=pglite (the embedded database, in
// memory, instead of PostgreSQL).
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { createPglite, type DatabaseHandle, openDatabase } from "../apps/server/src/db/client.ts";
import { migrateDatabase } from "../apps/server/src/db/migrate.ts";
import { benchDatabase, formatTable } from "./api-harness.ts";
import { DEFAULT_SEED_SIZE, seedIdeasBenchmark } from "./ideas-api-seed.ts";
import { productionEnv, signToken } from "./server-harness.ts";
import { ROUNDS, scaled } from "./settings.ts";

const DATABASE = benchDatabase("AI analysis", "BENCH_AI_DATABASE", "ideaport_bench_ai");
const REQUESTS = Math.max(1, Number(process.env.BENCH_REQUESTS ?? 40));
/** `postgres` (default) or `pglite`: the embedded database every installation starts with. */
const ENGINE = process.env.BENCH_ENGINE === "pglite" ? "pglite" : "postgres";
/** The goal: the analysis's p99, one request at a time. */
const P99_TARGET_MS = 100;

/** Texts an author might analyse: close to seeded ideas, a brain-dump line, and an unrelated one. */
const TEXTS = [
  {
    title: "Improve the invoicing process",
    description:
      "Today this takes three manual steps and two e-mails. A shared checklist would remove most of the back and forth, and we could pilot it in one team for a month.",
  },
  { title: "we should automate the code review checklist because it takes too long", description: "" },
  {
    title: "Better canteen menu for night shifts",
    description:
      "The canteen closes at eight, so the night shift has no warm meal. A small menu until midnight would help 40 people.",
  },
  {
    title: "Quarterly chess tournament",
    description:
      "A chess tournament each quarter would bring departments together; the cost is a few boards and prizes.",
  },
];

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** The database under test: PostgreSQL (a database created for the run) or the embedded PGlite, in memory. */
async function openBenchDatabase(): Promise<{
  database: DatabaseHandle;
  seedClient: Pick<pg.ClientBase, "query">;
  databaseUrl: string | undefined;
  finish: () => Promise<void>;
}> {
  if (ENGINE === "pglite") {
    const client = await createPglite();
    const database = await openDatabase({ pglite: client });
    return {
      database,
      seedClient: client as unknown as Pick<pg.ClientBase, "query">,
      databaseUrl: undefined,
      finish: () => database.close(),
    };
  }
  await DATABASE.create();
  const database = await openDatabase({ databaseUrl: DATABASE.url, poolSize: 4 });
  const seedClient = new pg.Client({ connectionString: DATABASE.url });
  await seedClient.connect();
  return {
    database,
    seedClient,
    databaseUrl: DATABASE.url,
    async finish() {
      await seedClient.end();
      await database.close();
      if (process.env.BENCH_KEEP_DATABASE !== "1") await DATABASE.drop();
    },
  };
}

async function main() {
  const { database, seedClient, databaseUrl, finish } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const seed = await seedIdeasBenchmark(seedClient as pg.ClientBase, {
      ...scaled(DEFAULT_SEED_SIZE, ["users", "ideas"]),
      notifications: 0,
      viewerNotifications: 0,
    });
    await seedClient.query("vacuum analyze ideas");
    console.info(
      `${ENGINE}: seeded ${seed.counts.ideas?.toLocaleString("en") ?? "?"} ideas in ${(seed.milliseconds / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({ ...productionEnv(databaseUrl), JOB_QUEUE: "false" });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const token = await signToken(seed.managerId, seed.companyId);
    const csrf = (await app.inject({ method: "GET", url: "/api/csrf-token/" })).json<{ csrfToken: string }>().csrfToken;
    const headers = { authorization: `Bearer ${token}`, "x-csrftoken": csrf, cookie: `csrftoken=${csrf}` };

    const analyse = (text: (typeof TEXTS)[number]) =>
      app.inject({ method: "POST", url: "/api/ai-analysis/", headers, payload: text });
    const listFirstPage = (_text: (typeof TEXTS)[number]) =>
      app.inject({ method: "GET", url: "/api/project-ideas/", headers });

    for (const text of TEXTS) {
      const response = await analyse(text);
      if (response.statusCode !== 200) throw new Error(`analysis answered ${response.statusCode}: ${response.body}`);
      const answer = response.json<{
        similar: Array<{ title: string; similarity: number }>;
        suggested_tags: string[];
      }>();
      console.info(
        `"${text.title}": ${answer.similar.length} similar (${answer.similar.map((idea) => `${idea.title} ${idea.similarity}`).join("; ") || "none"}); tags ${answer.suggested_tags.join(", ")}`,
      );
    }

    const timings = { analysis: [] as number[], baseline: [] as number[] };
    const measure = async (kind: keyof typeof timings, call: typeof analyse) => {
      for (const text of TEXTS) {
        for (let request = 0; request < REQUESTS; request += 1) {
          const started = performance.now();
          const response = await call(text);
          timings[kind].push(performance.now() - started);
          if (response.statusCode !== 200) throw new Error(`${kind} answered ${response.statusCode}`);
        }
      }
    };
    // Warm-up, then the two take turns so that both meet the same machine.
    await measure("analysis", analyse);
    await measure("baseline", listFirstPage);
    timings.analysis = [];
    timings.baseline = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await measure("analysis", analyse);
      await measure("baseline", listFirstPage);
    }
    await app.close();

    const row = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        name,
        String(sorted.length),
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.95).toFixed(1),
        percentile(sorted, 0.99).toFixed(1),
      ];
    };
    const analysisP99 = percentile(
      [...timings.analysis].sort((a, b) => a - b),
      0.99,
    );
    const baselineP99 = percentile(
      [...timings.baseline].sort((a, b) => a - b),
      0.99,
    );
    console.info(
      `\n${formatTable(
        ["endpoint (one request at a time)", "requests", "p50 ms", "p95 ms", "p99 ms"],
        [row("POST /api/ai-analysis/", timings.analysis), row("baseline: GET /api/project-ideas/", timings.baseline)],
      )}`,
    );
    const met = analysisP99 < P99_TARGET_MS;
    console.info(
      `\nanalysis p99 ${analysisP99.toFixed(1)} ms = ${(analysisP99 / baselineP99).toFixed(2)}× the baseline's ${baselineP99.toFixed(1)} ms; goal under ${P99_TARGET_MS} ms: ${met ? "met" : "NOT met"}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await finish();
  }
}

await main();
