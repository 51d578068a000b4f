// The servers the benchmarks measure: a server script started with its environment (TypeScript
// source through tsx, a compiled `.js` through node), waited for until a URL of it answers, and
// stopped; and the pair the PostgreSQL benchmarks compare, Ideaport's server and the bare
// baseline (ideas-api-baseline.ts) running the SQL Ideaport ran.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAccessTokens } from "../apps/server/src/lib/access-token.ts";
import type { BaselineRoute, CapturedQuery } from "./ideas-api-baseline.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

/** Signs the benchmarks' access tokens; the servers they start are given the same. */
const JWT_SECRET = "bench-secret-".padEnd(48, "x");

/**
 * An access token of a seeded person, for the servers the benchmarks start. Tokens live 15
 * minutes: a long run signs a fresh one for each endpoint. Seeded people have never signed out:
 * their session generation is still 0.
 */
export function signToken(userId: string, companyId: string): Promise<string> {
  return createAccessTokens(JWT_SECRET).sign({ userId, companyId, sessionGeneration: 0 });
}

/**
 * Ideaport's configuration in the PostgreSQL benchmarks: production mode, rate limits out of the
 * way, no demo company. Production needs an SMTP server configured; the benchmarks send no mail,
 * so nothing listens at SMTP_URL.
 */
export function productionEnv(databaseUrl: string | undefined, poolSize?: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    SMTP_URL: "smtp://127.0.0.1:2525",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(poolSize ? { DATABASE_POOL_SIZE: String(poolSize) } : {}),
    JWT_SECRET,
    RATE_LIMIT_MULTIPLIER: "1000000",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
  };
}

export interface SpawnOptions {
  /** Kept up to date with the processes still running, for a watchdog to kill. */
  children?: Set<ChildProcess>;
  /** Where the server writes a V8 CPU profile when it stops, in a folder named after its script. */
  cpuProfileDir?: string;
}

/**
 * Starts a server script (relative to the repository root) listening on 127.0.0.1 with `env` over
 * this process's environment. Its standard output is dropped and its errors shown.
 */
export function spawnServer(script: string, env: Record<string, string>, options: SpawnOptions = {}): ChildProcess {
  const profiling = options.cpuProfileDir
    ? ["--cpu-prof", `--cpu-prof-dir=${path.join(options.cpuProfileDir, path.basename(script, path.extname(script)))}`]
    : [];
  const [command, args] = script.endsWith(".ts")
    ? [TSX, [...profiling, script]]
    : [process.execPath, [...profiling, "--enable-source-maps", script]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  options.children?.add(child);
  child.once("exit", () => options.children?.delete(child));
  return child;
}

/** A process that has not started (its command could not run) or has ended. */
function hasEnded(child: ChildProcess): boolean {
  return child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
}

/** Polls `url` until it answers 2xx; fails when the process ends first or after `timeoutMs`. */
export async function waitUntilReady(
  child: ChildProcess,
  url: string,
  { timeoutMs = 60_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (hasEnded(child)) throw new Error(`the process for ${url} exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** SIGTERM, then SIGKILL if the process is still there after 5 s; resolves when it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (hasEnded(child)) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** Kills whatever is left in `children` and exits once `seconds` have passed (the benchmark hung). */
export function startWatchdog(
  benchmark: string,
  seconds: number,
  children: Set<ChildProcess>,
  beforeExit: () => Promise<unknown> = async () => undefined,
): NodeJS.Timeout {
  const watchdog = setTimeout(() => {
    console.error(`${benchmark} benchmark: over the ${seconds} s limit, stopping`);
    for (const child of children) child.kill("SIGKILL");
    void beforeExit().finally(() => process.exit(1));
  }, seconds * 1000);
  watchdog.unref();
  return watchdog;
}

export interface ServerPair {
  /** Ideaport's server, e.g. `http://127.0.0.1:19000`. */
  appBase: string;
  /** The baseline, on the next port. */
  baselineBase: string;
  stop(): Promise<void>;
}

/**
 * Ideaport's server from source (production mode, `productionEnv`) on `port`, and on `port + 1`
 * the baseline answering each endpoint's `baselinePath` with the SQL Ideaport ran for it, both on
 * `databaseUrl` with a pool of `poolSize`; resolves once both answer /readyz. BENCH_PROFILE_DIR
 * (optional) has each write a CPU profile when it stops.
 */
export async function startServerPair(options: {
  port: number;
  databaseUrl: string;
  poolSize: number;
  endpoints: Array<{ baselinePath: string; groups: CapturedQuery[][] }>;
  /** A directory of the run's own: the routes file and the server's data directory go there. */
  scratch: string;
  children: Set<ChildProcess>;
}): Promise<ServerPair> {
  const { port, databaseUrl, poolSize, scratch, children } = options;
  const routesFile = path.join(scratch, "baseline-routes.json");
  const routes: BaselineRoute[] = options.endpoints.map(({ baselinePath, groups }) => ({ path: baselinePath, groups }));
  writeFileSync(routesFile, JSON.stringify(routes));
  const spawnOptions = {
    children,
    cpuProfileDir: process.env.BENCH_PROFILE_DIR && path.resolve(process.env.BENCH_PROFILE_DIR),
  };
  const app = spawnServer(
    "apps/server/src/main.ts",
    { ...productionEnv(databaseUrl, poolSize), PORT: String(port), DATA_DIR: path.join(scratch, "data") },
    spawnOptions,
  );
  const baseline = spawnServer(
    "bench/ideas-api-baseline.ts",
    {
      PORT: String(port + 1),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(poolSize),
      BENCH_ROUTES_FILE: routesFile,
    },
    spawnOptions,
  );
  const pair = {
    appBase: `http://127.0.0.1:${port}`,
    baselineBase: `http://127.0.0.1:${port + 1}`,
    stop: async () => void (await Promise.all([stopServer(app), stopServer(baseline)])),
  };
  try {
    await Promise.all([
      waitUntilReady(app, `${pair.appBase}/readyz`),
      waitUntilReady(baseline, `${pair.baselineBase}/readyz`),
    ]);
  } catch (error) {
    await pair.stop();
    throw error;
  }
  return pair;
}
