/**
 * Runs `task` once the browser is idle (within 10 s at the latest). Browsers without idle
 * callbacks (and jsdom) skip it: what it fetches ahead then loads when it is first needed.
 * Returns a function that cancels the task if it has not run yet.
 */
export function runWhenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== "function") return () => {};
  const handle = window.requestIdleCallback(task, { timeout: 10_000 });
  return () => window.cancelIdleCallback(handle);
}
