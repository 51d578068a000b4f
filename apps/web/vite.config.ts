import { fileURLToPath } from "node:url";
import formatjs from "@formatjs/unplugin/vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { icuCatalogues } from "./scripts/icu-catalogues.ts";
import { precompress } from "./scripts/precompress.ts";
import { prerenderLanding } from "./scripts/prerender-landing.ts";
import { PSEUDO_MODE, pseudoCatalogue } from "./scripts/pseudo-catalogue.ts";
import { routeChunks } from "./scripts/route-chunks.ts";
import { webAppManifest } from "./scripts/web-app-manifest.ts";

/**
 * The packages every app route runs and that hold no app state, in one chunk: React, the router
 * and zod. zod-jitless.ts, which the entry runs before the app, configures zod from this chunk
 * before any module creating a schema has run (they are in the app's chunks).
 */
const VENDOR = /node_modules[\\/](react|react-dom|react-router|scheduler|zod)[\\/]/;
/** The chunks of the app routes' first screens, planned from the route table (scripts/route-chunks.ts). */
const appRouteChunks = routeChunks({
  webRoot: fileURLToPath(new URL(".", import.meta.url)),
  vendor: VENDOR,
});

/*
 * `vite build --mode pseudo`: the end-to-end tests' pseudo-language build (docs/decisions.md),
 * English said in FormatJS's en-XA, in a folder of its own. It is built for one test run, so it
 * skips what only serving people needs: source maps, minifying, compressed copies. Its pages are
 * prerendered in it by `scripts/route-pages.ts --mode pseudo`.
 */

export default defineConfig(({ command, mode }) => ({
  // Messages reach the browser parsed (the descriptors by FormatJS's plugin, the catalogues by
  // icuCatalogues), so the production build leaves the ICU parser out.
  plugins: [
    formatjs({ ast: true }),
    icuCatalogues(),
    pseudoCatalogue(mode === PSEUDO_MODE),
    react(),
    ...(mode === PSEUDO_MODE ? [] : [prerenderLanding(), precompress()]),
    appRouteChunks.plugin,
    // The service worker (src/service-worker/sw.ts, built to /sw.js) with the build's files to
    // precache, and the web app manifest (/manifest.webmanifest). The app registers the worker
    // itself (lib/service-worker.ts), after the first paint.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/service-worker",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: webAppManifest,
      includeManifestIcons: true,
      injectManifest: {
        // The app shell and every route's chunks and styles; not the landing page (served
        // prerendered, without the app) nor the compressed copies, which are the same files.
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
        globIgnores: ["landing.html", "assets/landing-*", "routes/**", "**/*.br", "**/*.gz"],
        maximumFileSizeToCacheInBytes: 3_000_000,
        minify: mode !== PSEUDO_MODE,
        sourcemap: mode !== PSEUDO_MODE,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve:
    command === "build"
      ? { alias: { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" } }
      : {},
  server: { port: 5173, proxy: { "/api": "http://localhost:8000" } },
  build: {
    outDir: mode === PSEUDO_MODE ? "dist-pseudo" : "dist",
    sourcemap: mode !== PSEUDO_MODE,
    minify: mode !== PSEUDO_MODE,
    // dist/.vite/manifest.json: the route budget check maps routes to their chunks with it.
    manifest: true,
    modulePreload: {
      // The entry (src/main.tsx) imports the app, whose modules every route page lists itself
      // (scripts/route-pages.ts): the entry carries no list of its own.
      resolveDependencies: (_file, dependencies, context) =>
        context.hostType === "js" && /(^|\/)index-[\w-]+\.js$/.test(context.hostId) ? [] : dependencies,
    },
    rolldownOptions: {
      // Two pages: the app (index.html, every client route) and the landing page on its own
      // (landing.html, which the server sends for "/"), so a first visit loads no router or app code.
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        landing: fileURLToPath(new URL("landing.html", import.meta.url)),
        // A signed-in page's first data requests, sent from its head (src/lib/early-requests.ts).
        "early-requests": fileURLToPath(new URL("src/early-requests-main.ts", import.meta.url)),
      },
      output: {
        // Every app route loads the vendor chunk, app-core (the code every route runs) and a chunk
        // per set of routes sharing code, in place of a score of small shared chunks: fewer
        // requests, and brotli compresses one larger file better than many small ones. The landing
        // page's own entry imports none of them.
        codeSplitting: {
          groups: [{ name: "vendor", test: VENDOR, priority: 1 }, appRouteChunks.group],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["src/test/setup.ts"],
    // A test waits for lazily loaded screens; on a busy 2-core CI machine that may take seconds.
    testTimeout: 15_000,
  },
}));
