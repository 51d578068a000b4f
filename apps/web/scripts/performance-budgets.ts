// The web app's performance budgets and Lighthouse goals, in one place: the route budget check
// (scripts/check-route-budgets.ts, run in CI) and the Lighthouse benchmark (bench/lighthouse.ts)
// both read them.

/** Initial JavaScript of a route, compressed as the server sends it (brotli), in bytes. */
export const INITIAL_SCRIPT_BUDGET = {
  /** The landing page: it loads no app code. */
  landing: 60 * 1024,
  /** Every other route. */
  otherRoute: 170 * 1024,
} as const;

/** Lighthouse (mobile preset) goals per page; scores are 0..1. */
export const LIGHTHOUSE_GOALS = {
  performancePublic: 0.95,
  performanceSignedIn: 0.9,
  accessibility: 1,
  bestPractices: 0.95,
  cumulativeLayoutShift: 0.05,
} as const;
