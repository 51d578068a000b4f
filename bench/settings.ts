// The settings the benchmarks share, read from the environment; each benchmark's header lists
// those it reads, with the ones of its own.

/** Seconds of load on each server before it is measured (BENCH_WARMUP). */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
/** Measurements of each server per endpoint, the servers taking turns (BENCH_ROUNDS, at least 1). */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Connections of the load (BENCH_CONNECTIONS). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The servers' database pool (BENCH_POOL_SIZE; 10 is the server's own default). */
export const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
/** What multiplies the seeded data (BENCH_SCALE). */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
/** Seconds a whole run may take before its watchdog ends it (BENCH_TIME_LIMIT). */
export const TIME_LIMIT_SECONDS = Number(process.env.BENCH_TIME_LIMIT ?? 1200);

/**
 * Only the endpoints whose name contains one of these (BENCH_ONLY, separated by commas; all when
 * unset): to measure again what a change touched.
 */
export const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim())
  .filter((part) => part !== "");

/** True for an endpoint ONLY keeps. */
export function isMeasured(name: string): boolean {
  return ONLY.length === 0 || ONLY.some((part) => name.includes(part));
}

/** `size` with the counts named in `keys` multiplied by SCALE. */
export function scaled<Size extends object>(size: Size, keys: ReadonlyArray<keyof Size>): Size {
  const result = { ...size };
  for (const key of keys) (result as Record<keyof Size, number>)[key] = Math.round((size[key] as number) * SCALE);
  return result;
}
