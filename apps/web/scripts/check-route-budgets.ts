// Checks the production build, route by route: prints the initial JavaScript each route loads,
// compressed as the server sends it (the brotli copy the build writes beside each file), and fails
// when a route exceeds its budget (scripts/performance-budgets.ts) or when the landing page ("/")
// loads app code (the design system, server state, forms, the API contract, other screens).
//
// A route's initial JavaScript: the entry chunk, the app's start (APP_START_MODULES) and, for each
// lazily loaded screen on the route's branch of the router (layouts and the page), that screen's
// chunk, all with their static imports. A route the server answers with a page of its own
// (ROUTE_PAGES: "/" gets landing.html) loads that page's entry chunk and its static imports
// instead. The routes come from src/app/router.tsx and the chunks from the Vite manifest, so a
// route added to the router is checked without editing this script.
// Usage: `npm run build && npm run check:bundles` (from the repository root: `--workspace @ideaport/web`).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROUTES } from "@ideaport/shared";
import { INITIAL_SCRIPT_BUDGET } from "./performance-budgets.ts";
import { screenRoutes, WEB_ROOT } from "./router-routes.ts";
import { APP_START_MODULES, closureOf, type Manifest } from "./vite-manifest.ts";

const DIST = process.env.WEB_DIST_DIR ?? path.join(WEB_ROOT, "dist");

/**
 * Routes the server answers with their own HTML page instead of the app's index.html (the server's
 * web-app plugin sends landing.html for "/"): they load that page's entry, not the router.
 */
const ROUTE_PAGES: Record<string, string> = { [ROUTES.landing]: "landing.html" };

/** What the landing page must never load: its visitors download no app code. */
const LANDING_FORBIDDEN = [
  { pattern: /node_modules\/@mantine\//, reason: "the design system (Mantine)" },
  { pattern: /node_modules\/@tanstack\//, reason: "server state (TanStack Query)" },
  { pattern: /node_modules\/zod\/(?!v4\/core\/(core|util)\.js$)/, reason: "zod schemas and the API contract" },
  { pattern: /node_modules\/react-hook-form\//, reason: "forms" },
  { pattern: /node_modules\/@tabler\//, reason: "the icon set" },
  { pattern: /src\/app\/(app-root|app-shell-route|require-auth|layout\/)/, reason: "the app shell" },
  { pattern: /src\/lib\/auth-provider/, reason: "the session's provider" },
  { pattern: /src\/features\/(?!landing\/)/, reason: "another feature's screens" },
  { pattern: /src\/lib\/api-client/, reason: "the API client" },
];

/** Bytes the server sends for a file: its brotli copy when the build wrote one. */
function sentBytes(file: string): number {
  const full = path.join(DIST, file);
  return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
}

function landingProblems(files: Iterable<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const mapFile = path.join(DIST, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[] };
    for (const source of sources) {
      const rule = LANDING_FORBIDDEN.find((candidate) => candidate.pattern.test(source));
      if (rule) problems.push(`${file} contains ${source} (${rule.reason})`);
    }
  }
  return problems;
}

const manifestFile = path.join(DIST, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
const entryKey = "index.html";
if (!manifest[entryKey]?.isEntry) throw new Error("The Vite manifest has no entry chunk for index.html");
for (const page of Object.values(ROUTE_PAGES)) {
  if (!manifest[page]?.isEntry) throw new Error(`The Vite manifest has no entry chunk for ${page}`);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const failures: string[] = [];
console.info("Initial JavaScript per route (brotli, as sent):");
for (const branch of screenRoutes()) {
  const page = ROUTE_PAGES[branch.path];
  const files = page
    ? closureOf(manifest, [page]).scripts
    : closureOf(manifest, [entryKey, ...APP_START_MODULES, ...branch.screenModules]).scripts;
  const bytes = [...files].reduce((sum, file) => sum + sentBytes(file), 0);
  const isLanding = branch.path === ROUTES.landing;
  const budget = isLanding ? INITIAL_SCRIPT_BUDGET.landing : INITIAL_SCRIPT_BUDGET.otherRoute;
  const over = bytes > budget;
  const status = over ? "OVER BUDGET" : "ok";
  console.info(
    `  ${branch.path.padEnd(28)} ${kib(bytes).padStart(10)}  budget ${kib(budget).padStart(9)}  ${files.size} files  ${status}`,
  );
  if (over) failures.push(`${branch.path}: ${kib(bytes)} of JavaScript, over its budget of ${kib(budget)}`);
  if (isLanding) for (const problem of landingProblems(files)) failures.push(`/ loads app code: ${problem}`);
}

if (failures.length > 0) {
  console.error("\nRoute budget check failed:");
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.info("\nOK: every route is within its budget, and the landing page loads no app code.");
