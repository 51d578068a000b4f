// Checks the production build, route by route: prints the initial JavaScript each route of the
// route table (src/app/routes.ts) loads, compressed as the server sends it (the brotli copy the
// build writes beside each file), and fails when a route exceeds its budget (the table's
// `budgetKiB`) or when a route with a page of its own (the landing page, "/") loads app code (the
// design system, server state, forms, the API contract, other screens).
//
// A route's initial JavaScript: the entry chunk, the app's start (APP_START_MODULES, on a signed-in
// route with the module sending its first data requests) and the chunk
// of each lazily loaded component the router renders on it (its layouts and its screen), all with
// their static imports. A route with a page of its own loads that page's entry chunk and its static
// imports instead. The chunks come from the Vite manifest, so a route added to the table is
// checked without editing this script.
// Usage: `npm run build && npm run check:bundles` (from the repository root: `--workspace @ideaport/web`).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { APP_ROUTES } from "../src/app/routes.ts";
import { closureOf, type Manifest, screenKeysOf, startModulesOf, WEB_ROOT } from "./vite-manifest.ts";

const DIST = process.env.WEB_DIST_DIR ?? path.join(WEB_ROOT, "dist");

/** What the landing page, the one route with a page of its own, must never load: its visitors download no app code. */
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
for (const route of APP_ROUTES) {
  if (route.ownPage && !manifest[route.ownPage]?.isEntry) {
    throw new Error(`The Vite manifest has no entry chunk for ${route.ownPage}`);
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const failures: string[] = [];
console.info("Initial JavaScript per route (brotli, as sent):");
for (const route of APP_ROUTES) {
  const files = route.ownPage
    ? closureOf(manifest, [route.ownPage]).scripts
    : closureOf(manifest, [entryKey, ...startModulesOf(route), ...screenKeysOf(route)]).scripts;
  const bytes = [...files].reduce((sum, file) => sum + sentBytes(file), 0);
  const budget = route.budgetKiB * 1024;
  const over = bytes > budget;
  const status = over ? "OVER BUDGET" : "ok";
  console.info(
    `  ${route.path.padEnd(28)} ${kib(bytes).padStart(10)}  budget ${kib(budget).padStart(9)}  ${files.size} files  ${status}`,
  );
  if (over) failures.push(`${route.path}: ${kib(bytes)} of JavaScript, over its budget of ${kib(budget)}`);
  if (route.ownPage)
    for (const problem of landingProblems(files)) failures.push(`${route.path} loads app code: ${problem}`);
}

if (failures.length > 0) {
  console.error("\nRoute budget check failed:");
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.info("\nOK: every route is within its budget, and the landing page loads no app code.");
