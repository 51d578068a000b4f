// Runs after `vite build` (the package's build script): writes, for every route of the router that
// renders a screen, a copy of index.html that also asks for the route's own code and style sheets
// (`modulepreload`, `stylesheet`), so that the browser fetches them together with the entry
// instead of one round trip per lazily loaded layout and page. The server sends a route's page for
// the paths it matches (routes/index.json lists them) and index.html for any other path. "/" has a
// page of its own (landing.html) and is left out. A separate step rather than a Vite plugin: the
// routes are read with the shared package's TypeScript, which Vite's config loader cannot import.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { writeCompressedCopies } from "./precompress.ts";
import { screenRoutes, WEB_ROOT } from "./router-routes.ts";
import { closureOf, type Manifest } from "./vite-manifest.ts";

const DIST = process.env.WEB_DIST_DIR ?? path.join(WEB_ROOT, "dist");
const PAGES_DIR = "routes";

/** `/app/settings/:type` → `routes/app/settings/_type.html`. */
function pageFileOf(routePath: string): string {
  return `${PAGES_DIR}${routePath.replaceAll(":", "_")}.html`;
}

const manifestFile = path.join(DIST, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}: run \`vite build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
const indexHtml = readFileSync(path.join(DIST, "index.html"), "utf8");
const entry = closureOf(manifest, ["index.html"]);
const pages: Array<{ path: string; file: string }> = [];
for (const route of screenRoutes()) {
  if (route.path === "/" || route.path === "*") continue;
  const own = closureOf(manifest, route.screenModules);
  const links = [
    ...[...own.styles]
      .filter((file) => !entry.styles.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...own.scripts]
      .filter((file) => !entry.scripts.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const file = pageFileOf(route.path);
  const target = path.join(DIST, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`));
  await writeCompressedCopies(target);
  pages.push({ path: route.path, file });
}
await writeFile(path.join(DIST, PAGES_DIR, "index.json"), `${JSON.stringify(pages, null, 2)}\n`);
console.info(
  `Route pages written for ${pages.length} routes to ${path.relative(process.cwd(), path.join(DIST, PAGES_DIR))}`,
);
