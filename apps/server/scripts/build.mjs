// Compiles the server for production into dist/: one ES module bundle of the server, the
// @ideaport/shared source and the npm packages it uses, with source maps. A few packages stay in
// node_modules (EXTERNAL_PACKAGES). Then writes the migrated database snapshot a new data directory
// starts from (src/db/write-snapshot.ts), unless the one in dist/ is up to date.
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(SERVER_ROOT, "dist");

/**
 * Packages loaded from node_modules at run time rather than bundled: PGlite reads its WebAssembly
 * and data files beside its own code, argon2 is a native addon, and the PostgreSQL, Redis and SMTP
 * clients load only when configured (the job queue, pg-boss, requires `pg` itself, and loads after
 * the server is ready). Bundling the rest saves Node resolving, reading and compiling
 * some 600 files one by one at every start. (Bundled pino cannot start log transports, which look
 * for their worker files by pino's folder; the server configures none: its readable development
 * log is made in process by pino-pretty, bundled into a chunk loaded only then.)
 */
const EXTERNAL_PACKAGES = ["@electric-sql/pglite", "@node-rs/argon2", "pg", "ioredis", "nodemailer", "pg-boss"];

/** Bare imports of EXTERNAL_PACKAGES (and their subpaths) stay imports of node_modules. */
const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
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
  // A third smaller without the whitespace, so a third less for Node to read and V8 to parse at
  // every start; names are kept, and stack traces point into the sources through the source maps.
  minifyWhitespace: true,
  sourcemap: "linked",
  sourcesContent: false,
  // The packages' licence comments go to a .LEGAL.txt file beside each bundle.
  legalComments: "linked",
  logLevel: "warning",
  plugins: [externalPackages],
  // The bundled CommonJS packages call require(): ES modules have none, so each file makes one.
  banner: {
    js: 'import { createRequire as __ideaportCreateRequire } from "node:module";\nconst require = __ideaportCreateRequire(import.meta.url);',
  },
});
console.info(
  `Server compiled to ${path.relative(process.cwd(), DIST) || "."} in ${Math.round(performance.now() - started)} ms`,
);

await import(pathToFileURL(path.join(DIST, "write-snapshot.js")).href);
