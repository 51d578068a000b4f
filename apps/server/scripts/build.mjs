// Compiles the server for production into dist/: one ES module bundle of the server and the
// @ideaport/shared source, npm packages left external (native modules and PGlite's wasm files load
// from node_modules), with source maps. Then writes the migrated database snapshot a new data
// directory starts from (src/db/write-snapshot.ts), unless the one in dist/ is up to date.
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(SERVER_ROOT, "dist");

/** Bare imports stay imports of node_modules, except the workspace's own TypeScript packages. */
const externalNpmPackages = {
  name: "external-npm-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@ideaport/") ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
for (const output of ["main.js", "write-snapshot.js", "chunks"]) {
  await rm(path.join(DIST, output), { recursive: true, force: true });
}
await build({
  absWorkingDir: SERVER_ROOT,
  entryPoints: { main: "src/main.ts", "write-snapshot": "src/db/write-snapshot.ts" },
  outdir: DIST,
  bundle: true,
  // Code loaded with import() (the app, while the database opens) gets its own chunk.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  logLevel: "warning",
  plugins: [externalNpmPackages],
});
console.info(
  `Server compiled to ${path.relative(process.cwd(), DIST) || "."} in ${Math.round(performance.now() - started)} ms`,
);

await import(pathToFileURL(path.join(DIST, "write-snapshot.js")).href);
