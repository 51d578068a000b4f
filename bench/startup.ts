// Start-up to first response on the embedded database, against a bare Fastify baseline started
// the same way in the same run. Prints milliseconds and ratios.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function timeToFirstResponse(script: string, env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child: ChildProcess = spawn(TSX, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error(`${script} did not answer within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Runs the start-up benchmark and returns its figures. */
export async function runStartupBenchmark() {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const baseline: number[] = [];
  for (let run = 0; run < RUNS; run += 1)
    baseline.push(await timeToFirstResponse("bench/baseline-server.ts", {}, port));

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ideaport-bench-startup-"));
    const env = { DATA_DIR: dataDir, SEED_DEMO: "false", JWT_SECRET: "b".repeat(48) };
    try {
      cold.push(await timeToFirstResponse("apps/server/src/main.ts", env, port));
      warm.push(await timeToFirstResponse("apps/server/src/main.ts", env, port));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const figures = {
    baselineMs: median(baseline),
    coldMs: median(cold),
    warmMs: median(warm),
  };
  console.info(`start-up to first response (median of ${RUNS}):`);
  console.info(`  bare Fastify baseline          ${figures.baselineMs.toFixed(0).padStart(6)} ms`);
  console.info(
    `  Ideaport, new embedded DB      ${figures.coldMs.toFixed(0).padStart(6)} ms  (${(figures.coldMs / figures.baselineMs).toFixed(1)}x baseline)`,
  );
  console.info(
    `  Ideaport, existing embedded DB ${figures.warmMs.toFixed(0).padStart(6)} ms  (${(figures.warmMs / figures.baselineMs).toFixed(1)}x baseline)`,
  );
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) await runStartupBenchmark();
