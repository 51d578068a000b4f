// The web app's Lighthouse goals, read by the Lighthouse benchmark (bench/lighthouse.ts). Each
// route's script budget is in the route table (src/app/routes.ts), which the route budget check
// (scripts/check-route-budgets.ts, run in CI) reads.

/** Lighthouse (mobile preset) goals per page; scores are 0..1. */
export const LIGHTHOUSE_GOALS = {
  performancePublic: 0.95,
  performanceSignedIn: 0.9,
  accessibility: 1,
  bestPractices: 0.95,
  cumulativeLayoutShift: 0.05,
} as const;
