// The baseline of the API benchmarks: a bare Fastify app (no plugins) whose routes run the SQL the
// real endpoints ran, captured in process (api-harness.ts), over a node-postgres pool of the same
// size.
// Queries the real endpoint ran concurrently (Promise.all) run concurrently here too.
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import pg from "pg";

export interface CapturedQuery {
  text: string;
  values: unknown[];
  rowMode?: "array";
  /** The prepared statement's name, when the app used one (parsed once per connection). */
  name?: string;
}

/** A route of the baseline: the path it answers and its queries, in groups run one after another. */
export interface BaselineRoute {
  path: string;
  groups: CapturedQuery[][];
}

const routes = JSON.parse(readFileSync(process.env.BENCH_ROUTES_FILE as string, "utf8")) as BaselineRoute[];
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
pool.on("error", (error) => console.error(`PostgreSQL connection error: ${error.message}`));

/** One query, as the real endpoint sent it: row mode (Drizzle reads joined rows as arrays) and name. */
function run({ text, values, rowMode, name }: CapturedQuery): Promise<{ rows: unknown[] }> {
  return pool.query({ text, values, ...(rowMode ? { rowMode } : {}), ...(name ? { name } : {}) });
}

const app = Fastify();
app.get("/readyz", async () => ({ status: "ready" }));
for (const route of routes) {
  app.get(route.path, async () => {
    const results: unknown[][] = [];
    for (const group of route.groups) {
      const answers = await Promise.all(group.map(run));
      for (const answer of answers) results.push(answer.rows);
    }
    return { success: true, results };
  });
}
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
