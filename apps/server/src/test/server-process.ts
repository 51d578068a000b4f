/**
 * Starts the real server (`apps/server/src/main.ts`) in its own process, as production does, for
 * the start-up cases: it answers how the process ended and what it wrote to stderr.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../config/env.ts";

const MAIN = path.join(REPO_ROOT, "apps/server/src/main.ts");

export interface ServerExit {
  /** The exit code, or null when the process was still running after `timeoutMs` and was killed. */
  code: number | null;
  stderr: string;
  stdout: string;
  /** Milliseconds from spawn to exit. */
  elapsedMs: number;
}

/**
 * Runs main.ts with only `env` (plus PATH and HOME) and waits for it to exit; a process still
 * running after `timeoutMs` is killed and reported with code null. With `stopWhen`, the process is
 * stopped (SIGTERM) as soon as its standard output satisfies it, and reported as it then exits.
 */
export function runServerProcess(
  env: Record<string, string>,
  timeoutMs: number,
  stopWhen?: (stdout: string) => boolean,
): Promise<ServerExit> {
  const startedAt = performance.now();
  // Node itself with tsx's loader (not the tsx binary, which would leave its child behind when killed).
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let isStopping = false;
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (!isStopping && stopWhen?.(stdout)) {
      isStopping = true;
      child.kill("SIGTERM");
    }
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: timedOut ? null : code, stderr, stdout, elapsedMs: performance.now() - startedAt });
    });
  });
}
