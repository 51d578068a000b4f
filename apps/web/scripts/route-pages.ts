// Runs after `vite build` (the package's build script): writes, for every route of the route table
// (src/app/routes.ts), a copy of index.html that also asks for the app's start and the route's own
// code and style sheets, so that the browser fetches them together with the entry instead of one
// round trip per lazily loaded layout and page. Each page also carries its first screen, which
// the browser paints before any script runs (src/app/prerender.tsx): the route's own screen when
// the table prerenders it, which the app then hydrates, or else the app's loading screen. The
// server sends a route's page for the paths it matches (routes/index.json lists them) and
// index.html for any other path. A route with a page of its own ("/": landing.html) and the "*"
// route, which matches no path of its own, get none. A separate step rather than a Vite plugin: the
// table is read with the shared package's TypeScript, which Vite's config loader cannot import.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { createServer } from "vite";
import { APP_ROUTES } from "../src/app/routes.ts";
import { writeCompressedCopies } from "./precompress.ts";
import { APP_START_MODULES, closureOf, type Manifest, screenKeysOf, WEB_ROOT } from "./vite-manifest.ts";

const DIST = process.env.WEB_DIST_DIR ?? path.join(WEB_ROOT, "dist");
const PAGES_DIR = "routes";

/** `/app/settings/:type` → `routes/app/settings/_type.html`. */
function pageFileOf(routePath: string): string {
  return `${PAGES_DIR}${routePath.replaceAll(":", "_")}.html`;
}

function withHeadLinks(links: string[]): string {
  return indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
}

/**
 * A route's page with its first screen in #root, which the browser paints from the HTML and its
 * style sheets alone: a public route's own screen, which the app then adopts (`data-prerendered`,
 * hydration), or on a signed-in route the app's loading screen, which the app replaces
 * (`data-placeholder`). The app's scripts are listed on #root instead of being preloaded from the
 * head: src/main.tsx fetches them after that first paint. Mantine's light scheme is set on <html>
 * as the app sets it once running.
 */
function prerenderedPage(
  styles: string[],
  scripts: string[],
  kind: "data-prerendered" | "data-placeholder",
  markup: string,
): string {
  const root = `<div id="root" ${kind} data-modules="${scripts.join(" ")}">${markup}</div>`;
  const html = withHeadLinks(styles)
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace('<div id="root"></div>', root);
  if (!html.includes(root) || !html.includes("data-mantine-color-scheme")) {
    throw new Error('index.html has no <html lang="en"> or empty #root to prerender into');
  }
  return html;
}

/** Vite's server-side module loading of src/app/prerender.tsx, for the build only. */
async function startPrerenderer() {
  const server = await createServer({
    root: WEB_ROOT,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const { prerenderRoute, loadingScreenMarkup } = (await server.ssrLoadModule(
    "/src/app/prerender.tsx",
  )) as typeof import("../src/app/prerender.tsx");
  return { render: prerenderRoute, loadingScreen: loadingScreenMarkup(), close: () => server.close() };
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
const prerenderer = await startPrerenderer();
try {
  for (const route of APP_ROUTES) {
    if (route.ownPage || route.path === "*") continue;
    const own = closureOf(manifest, [...APP_START_MODULES, ...screenKeysOf(route)]);
    const styles = [...own.styles]
      .filter((file) => !entry.styles.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    const scripts = [...own.scripts].filter((file) => !entry.scripts.has(file)).map((file) => `/${file}`);
    const html = route.prerender
      ? prerenderedPage(styles, scripts, "data-prerendered", await prerenderer.render(route))
      : prerenderedPage(styles, scripts, "data-placeholder", prerenderer.loadingScreen);
    const file = pageFileOf(route.path);
    const target = path.join(DIST, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, html);
    await writeCompressedCopies(target);
    pages.push({ path: route.path, file });
  }
} finally {
  await prerenderer.close();
}
await writeFile(path.join(DIST, PAGES_DIR, "index.json"), `${JSON.stringify(pages, null, 2)}\n`);
console.info(
  `Route pages written for ${pages.length} routes to ${path.relative(process.cwd(), path.join(DIST, PAGES_DIR))}`,
);
