// Runs after `vite build` (the package's build script): writes, for every route of the route table
// (src/app/routes.ts) and every language of the app, a copy of index.html that also asks for the
// app's start and the route's own code and style sheets, so that the browser fetches them together
// with the entry instead of one round trip per lazily loaded layout and page. Each page also
// carries its first screen, which the browser paints before any script runs (src/app/prerender.tsx):
// the route's own screen when the table prerenders it, which the app then hydrates, a signed-in
// page's frame and heading, or else the app's loading screen, said in the page's language
// (`<html lang>`, title and description too).
// The landing page ("/", the route with a page of its own) is written from landing.html the same
// way, in each language it speaks (the app's, and those only it speaks, from lang/landing/). The
// server sends a route's page in the reader's language for the paths it matches (routes/index.json
// lists them, each with its page per language) and index.html for any other path; the "*" route,
// which matches no path of its own, gets none. A separate step rather than a Vite plugin: the table
// is read with the shared package's TypeScript, which Vite's config loader cannot import. With
// `--mode pseudo` it writes the pages of the pseudo-language build (dist-pseudo), said in it.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { CLIENT_VERSION, LANGUAGES, REQUEST_TIMEOUT_MS, STORAGE_KEYS } from "@ideaport/shared";
import react from "@vitejs/plugin-react";
import { createServer } from "vite";
import { firstRequestsOf } from "../src/app/first-requests.ts";
import { APP_ROUTES } from "../src/app/routes.ts";
import { EARLY_REQUESTS_ATTRIBUTE, type EarlyRequestsConfig } from "../src/lib/early-requests.ts";
import { FIRST_SCREEN_CLASS } from "../src/lib/first-screen.ts";
import { writeCompressedCopies } from "./precompress.ts";
import { PSEUDO_MODE, pseudoCatalogue } from "./pseudo-catalogue.ts";
import {
  APP_START_MODULES,
  closureOf,
  EARLY_REQUESTS_MODULE,
  type Manifest,
  screenKeysOf,
  WEB_ROOT,
} from "./vite-manifest.ts";

const modeFlag = process.argv.indexOf("--mode");
const isPseudo = modeFlag !== -1 && process.argv[modeFlag + 1] === PSEUDO_MODE;
const DIST = path.join(WEB_ROOT, isPseudo ? "dist-pseudo" : "dist");
const PAGES_DIR = "routes";

/** Where landing.html receives the landing page's markup (scripts/prerender-landing.ts leaves it in a build). */
const LANDING_PLACEHOLDER = "<!--landing-page-->";

/** `/app/settings/:type` in German → `routes/de/app/settings/_type.html`; "/" → `routes/de/index.html`. */
function pageFileOf(routePath: string, language: string): string {
  return `${PAGES_DIR}/${language}${routePath === "/" ? "/index" : routePath.replaceAll(":", "_")}.html`;
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** A page of index.html or landing.html in a language: `<html lang>`, the title and the description. */
function inLanguage(html: string, language: string, head: { title: string; description: string }): string {
  const translated = html
    .replace('<html lang="en"', `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(head.description)}$2`);
  if (!translated.includes(`<html lang="${language}"`) || !translated.includes(escapeHtml(head.description))) {
    throw new Error('A page has no <html lang="en">, <title> or description to say in its language');
  }
  return translated;
}

function withHeadLinks(links: string[]): string {
  return indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
}

/**
 * A route's page with its first screen in #root, which the browser paints from the HTML and its
 * style sheets alone: a public route's own screen, which the app then adopts (`data-prerendered`,
 * hydration), or else the app's loading screen, which the app replaces (`data-placeholder`). A
 * signed-in route's page also carries, in a layer after #root and above it, its frame and heading
 * (src/lib/first-screen.ts), which is what a person sees until the app shows the page, and lists
 * its first data requests on #root (`data-early-requests`), which the script it loads from its
 * head besides the entry sends at once. The app's scripts are listed on #root instead of being
 * preloaded from the head: src/main.tsx fetches them after that first paint. Mantine's light
 * scheme is set on <html> as the app sets it once running.
 */
function prerenderedPage(
  styles: string[],
  scripts: string[],
  kind: "data-prerendered" | "data-placeholder",
  markup: string,
  signedIn?: { firstScreen: string; requests: EarlyRequestsConfig; scripts: string[] },
): string {
  const requested = signedIn ? ` ${EARLY_REQUESTS_ATTRIBUTE}="${escapeHtml(JSON.stringify(signedIn.requests))}"` : "";
  const root = `<div id="root" ${kind} data-modules="${scripts.join(" ")}"${requested}>${markup}</div>`;
  const layer = signedIn ? `<div class="${FIRST_SCREEN_CLASS}" aria-hidden="true">${signedIn.firstScreen}</div>` : "";
  const early = (signedIn?.scripts ?? []).map((file) => `<script type="module" crossorigin src="${file}"></script>`);
  const html = withHeadLinks([...styles, ...early])
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace('<div id="root"></div>', `${root}${layer}`);
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
    mode: isPseudo ? PSEUDO_MODE : "production",
    logLevel: "error",
    appType: "custom",
    plugins: [react(), pseudoCatalogue(isPseudo)],
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const prerender = (await server.ssrLoadModule("/src/app/prerender.tsx")) as typeof import("../src/app/prerender.tsx");
  return { ...prerender, close: () => server.close() };
}

/** A language only the landing page speaks: its catalogue of the landing's messages. */
function landingCatalogueOf(language: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(WEB_ROOT, "lang/landing", `${language}.json`), "utf8"));
}

async function writePage(file: string, html: string): Promise<void> {
  const target = path.join(DIST, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, html);
  await writeCompressedCopies(target);
}

const manifestFile = path.join(DIST, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}: run \`vite build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
const indexHtml = readFileSync(path.join(DIST, "index.html"), "utf8");
const entry = closureOf(manifest, ["index.html"]);
/** The script a signed-in page loads from its head, to send its first data requests at once. */
const earlyRequestScripts = [...closureOf(manifest, [EARLY_REQUESTS_MODULE]).scripts].map((file) => `/${file}`);
const landingHtml = readFileSync(path.join(DIST, "landing.html"), "utf8");
if (!landingHtml.includes(LANDING_PLACEHOLDER)) throw new Error(`landing.html has no ${LANDING_PLACEHOLDER}`);
/** Each route's page per language, in the order of the table: what the server chooses from. */
const pages = new Map<string, Record<string, string>>();
const addPage = (routePath: string, language: string, file: string) =>
  pages.set(routePath, { ...pages.get(routePath), [language]: file });
const prerenderer = await startPrerenderer();
try {
  for (const language of LANGUAGES) {
    await prerenderer.prerenderIn(language);
    const head = prerenderer.pageHead();
    const loadingScreen = prerenderer.loadingScreenMarkup();
    for (const route of APP_ROUTES) {
      if (route.ownPage || route.path === "*") continue;
      const own = closureOf(manifest, [...APP_START_MODULES, ...screenKeysOf(route)]);
      const styles = [...own.styles]
        .filter((file) => !entry.styles.has(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
      const scripts = [...own.scripts].filter((file) => !entry.scripts.has(file)).map((file) => `/${file}`);
      let html: string;
      if (route.prerender) {
        html = prerenderedPage(styles, scripts, "data-prerendered", await prerenderer.prerenderRoute(route));
      } else if (route.access === "public") {
        html = prerenderedPage(styles, scripts, "data-placeholder", loadingScreen);
      } else {
        html = prerenderedPage(styles, scripts, "data-placeholder", loadingScreen, {
          firstScreen: prerenderer.signedInFirstScreenMarkup(route),
          requests: {
            paths: firstRequestsOf(route),
            clientVersion: CLIENT_VERSION,
            accessTokenKey: STORAGE_KEYS.accessToken,
            timeoutMs: REQUEST_TIMEOUT_MS,
          },
          scripts: earlyRequestScripts,
        });
      }
      const file = pageFileOf(route.path, language);
      await writePage(file, inLanguage(html, language, head));
      addPage(route.path, language, file);
    }
  }
  // The landing page: landing.html with its markup, in each of its languages.
  for (const language of prerenderer.LANDING_LANGUAGES) {
    await prerenderer.prerenderIn(
      language,
      (LANGUAGES as readonly string[]).includes(language) ? {} : landingCatalogueOf(language),
    );
    const html = inLanguage(
      landingHtml.replace(LANDING_PLACEHOLDER, prerenderer.landingPageMarkup()),
      language,
      prerenderer.pageHead(),
    );
    const file = pageFileOf("/", language);
    await writePage(file, html);
    addPage("/", language, file);
    // landing.html itself, served should the list of pages be missing, is the English page.
    if (language === "en") await writePage("landing.html", html);
  }
} finally {
  await prerenderer.close();
}
const index = [...pages].map(([routePath, byLanguage]) => ({ path: routePath, pages: byLanguage }));
await writeFile(path.join(DIST, PAGES_DIR, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
console.info(
  `Route pages written for ${index.length} routes (${[...new Set(index.flatMap((page) => Object.keys(page.pages)))].join(", ")}) to ${path.relative(process.cwd(), path.join(DIST, PAGES_DIR))}`,
);
