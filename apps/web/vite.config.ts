import { fileURLToPath } from "node:url";
import formatjs from "@formatjs/unplugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { icuCatalogues } from "./scripts/icu-catalogues.ts";
import { precompress } from "./scripts/precompress.ts";
import { prerenderLanding } from "./scripts/prerender-landing.ts";

export default defineConfig(({ command }) => ({
  // Messages reach the browser parsed (the descriptors by FormatJS's plugin, the catalogues by
  // icuCatalogues), so the production build leaves the ICU parser out.
  plugins: [formatjs({ ast: true }), icuCatalogues(), react(), prerenderLanding(), precompress()],
  resolve:
    command === "build"
      ? { alias: { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" } }
      : {},
  server: { port: 5173, proxy: { "/api": "http://localhost:8000" } },
  build: {
    outDir: "dist",
    sourcemap: true,
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
      },
      output: {
        // What every app route runs, in two chunks the entry loads at once instead of a score of
        // small shared chunks fetched after the router renders: fewer requests, and brotli
        // compresses one larger file better than many small ones (the route budget check measures
        // ~5 KiB less per route). The landing page's own entry imports neither.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The connection state (src/lib/connectivity.ts), the query helpers (src/lib/queries.ts)
            // and the UI kit's words (src/components/components.texts.ts) too: the app root, every
            // form's feedback and every page's data read them, and a chunk of their own cost each
            // route more than their code.
            {
              name: "app-core",
              test: /node_modules[\\/](@tanstack|zod|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]|src[\\/](lib[\\/](connectivity|queries)|components[\\/]components\.texts)\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // A test waits for lazily loaded screens; on a busy 2-core CI machine that may take seconds.
    testTimeout: 15_000,
  },
}));
