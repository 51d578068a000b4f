// Checks the production build: the landing page ("/") must load no app code (DESIGN section 4).
// Walks the static imports of the entry chunk and of the landing page's chunk, reads each chunk's
// source map, fails when any of them contains the app shell, the design system, server-state or
// form libraries or the API contract, and prints the size of every chunk the landing page loads.
// Usage: `npx vite build && node scripts/check-landing-bundle.mjs` (from apps/web).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist");
const assets = path.join(dist, "assets");

const FORBIDDEN = [
  { pattern: /node_modules\/@mantine\//, reason: "the design system (Mantine)" },
  { pattern: /node_modules\/@tanstack\//, reason: "server state (TanStack Query)" },
  { pattern: /node_modules\/zod\//, reason: "zod and the API contract" },
  { pattern: /node_modules\/react-hook-form\//, reason: "forms" },
  { pattern: /node_modules\/@tabler\//, reason: "the icon set" },
  { pattern: /src\/app\/(app-root|app-shell-route|auth-provider|require-auth|layout\/)/, reason: "the app shell" },
  { pattern: /src\/features\/(?!landing\/)/, reason: "another feature's screens" },
  { pattern: /src\/lib\/api-client/, reason: "the API client" },
];

function staticImportsOf(file) {
  const code = fs.readFileSync(path.join(assets, file), "utf8");
  const imports = new Set();
  for (const match of code.matchAll(/(?:import|export)\s*(?:[^"'`;]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    imports.add(match[1]);
  }
  return [...imports];
}

function closureOf(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImportsOf(file));
  }
  return [...seen];
}

const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)?.[1];
const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+)"/g)].map((match) => match[1]);
const landing = fs.readdirSync(assets).find((file) => /^landing-page-.*\.js$/.test(file));
const landingStyles = fs.readdirSync(assets).filter((file) => /^landing-page-.*\.css$/.test(file));
if (!entry || !landing) {
  console.error("Build not found or not as expected: run `npx vite build` in apps/web first.");
  process.exit(2);
}

const chunks = closureOf([entry, landing]);
const problems = [];
const rows = [];
for (const file of [...chunks, ...styles, ...landingStyles]) {
  const content = fs.readFileSync(path.join(assets, file));
  rows.push({ file, bytes: content.length, gzip: zlib.gzipSync(content).length });
  const mapFile = path.join(assets, `${file}.map`);
  if (!fs.existsSync(mapFile)) continue;
  const { sources } = JSON.parse(fs.readFileSync(mapFile, "utf8"));
  for (const source of sources) {
    const rule = FORBIDDEN.find((candidate) => candidate.pattern.test(source));
    if (rule) problems.push(`${file} contains ${source} (${rule.reason})`);
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
console.info("Loaded by the landing page (/):");
for (const row of rows.sort((a, b) => b.bytes - a.bytes)) {
  console.info(`  ${row.file.padEnd(40)} ${kb(row.bytes).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
}
const total = rows.reduce((sum, row) => ({ bytes: sum.bytes + row.bytes, gzip: sum.gzip + row.gzip }), {
  bytes: 0,
  gzip: 0,
});
console.info(`  ${"total".padEnd(40)} ${kb(total.bytes).padStart(10)}  gzip ${kb(total.gzip).padStart(9)}`);

if (problems.length > 0) {
  console.error("\nThe landing page loads app code:");
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.info("\nOK: the landing page loads no app code.");
