// Start-up to first response of the compiled server (as `npm start` runs it) on a new and on an
// existing embedded database, against a bare Fastify baseline compiled and started the same way in
// the same run. Builds the server first (the build skips an up-to-date database snapshot). Prints
// milliseconds and ratios.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { ROOT, spawnServer, stopServer, waitUntilReady } from "./server-harness.ts";
import { median } from "./stats.ts";

const SERVER = path.join(ROOT, "apps/server/dist/main.js");
const BASELINE = path.join(ROOT, ".tmp/bench/baseline-server.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Compiles the server (its own build script) and the baseline (the same esbuild settings). */
async function buildServers(): Promise<void> {
  execFileSync(process.execPath, ["apps/server/scripts/build.mjs"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await build({
    entryPoints: [path.join(ROOT, "bench/baseline-server.ts")],
    outfile: BASELINE,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

/** Wall time to the first ready answer, and the CPU time the process had used by then. */
interface StartTime {
  wallMs: number;
  /** From /proc (Linux): less sensitive than wall time to other work on a busy machine. */
  cpuMs: number;
}

/** User plus system CPU milliseconds of a process, NaN where /proc is not available. */
function cpuMillisecondsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are the 14th and 15th fields, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function timeToFirstResponse(script: string, env: Record<string, string>, port: number): Promise<StartTime> {
  const started = performance.now();
  const child = spawnServer(script, { ...env, PORT: String(port), LOG_LEVEL: "error" });
  try {
    await waitUntilReady(child, `http://127.0.0.1:${port}/readyz`, { timeoutMs: 120_000, intervalMs: 10 });
    return { wallMs: performance.now() - started, cpuMs: cpuMillisecondsOf(child.pid) };
  } finally {
    await stopServer(child);
  }
}

/** Runs the start-up benchmark and returns its figures. */
export async function runStartupBenchmark() {
  await buildServers();
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const baseline: StartTime[] = [];
  for (let run = 0; run < RUNS; run += 1) baseline.push(await timeToFirstResponse(BASELINE, {}, port));

  const cold: StartTime[] = [];
  const warm: StartTime[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ideaport-bench-startup-"));
    const env = { DATA_DIR: dataDir, SEED_DEMO: "false", JWT_SECRET: "b".repeat(48) };
    try {
      cold.push(await timeToFirstResponse(SERVER, env, port));
      warm.push(await timeToFirstResponse(SERVER, env, port));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const figures = {
    baselineMs: median(baseline.map((run) => run.wallMs)),
    coldMs: median(cold.map((run) => run.wallMs)),
    warmMs: median(warm.map((run) => run.wallMs)),
    baselineCpuMs: median(baseline.map((run) => run.cpuMs)),
    coldCpuMs: median(cold.map((run) => run.cpuMs)),
    warmCpuMs: median(warm.map((run) => run.cpuMs)),
  };
  const row = (label: string, wallMs: number, cpuMs: number, isBaseline = false) =>
    console.info(
      `  ${label.padEnd(31)}${wallMs.toFixed(0).padStart(6)} ms${isBaseline ? "        " : ` (${(wallMs / figures.baselineMs).toFixed(1).padStart(4)}x)`}   CPU ${cpuMs.toFixed(0).padStart(5)} ms${isBaseline ? "" : ` (${(cpuMs / figures.baselineCpuMs).toFixed(1)}x)`}`,
    );
  console.info(
    `start-up to first response, compiled server (median of ${RUNS}, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores; ratios to the baseline):`,
  );
  row("bare Fastify baseline", figures.baselineMs, figures.baselineCpuMs, true);
  row("Ideaport, new embedded DB", figures.coldMs, figures.coldCpuMs);
  row("Ideaport, existing embedded DB", figures.warmMs, figures.warmCpuMs);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) await runStartupBenchmark();
