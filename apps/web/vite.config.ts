import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./scripts/precompress.ts";
import { prerenderLanding } from "./scripts/prerender-landing.ts";

export default defineConfig({
  plugins: [react(), prerenderLanding(), precompress()],
  server: { port: 5173, proxy: { "/api": "http://localhost:8000" } },
  build: {
    outDir: "dist",
    sourcemap: true,
    // dist/.vite/manifest.json: the route budget check maps routes to their chunks with it.
    manifest: true,
    rolldownOptions: {
      // Two pages: the app (index.html, every client route) and the landing page on its own
      // (landing.html, which the server sends for "/"), so a first visit loads no router or app code.
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        landing: fileURLToPath(new URL("landing.html", import.meta.url)),
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
  },
});
