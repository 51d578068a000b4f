/**
 * drizzle-kit configuration. `generate` only reads the schema; `studio`, `push` and friends use
 * DATABASE_URL when set, else the embedded PGlite cluster under DATA_DIR (default ./data at the
 * repository root). Never point drizzle-kit at DATA_DIR while the server runs: PGlite has no lock
 * between processes and would lose writes.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "drizzle-kit";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = path.resolve(repositoryRoot, process.env.DATA_DIR ?? "data");
const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
  ...(databaseUrl
    ? { dbCredentials: { url: databaseUrl } }
    : { driver: "pglite" as const, dbCredentials: { url: path.join(dataDir, "pglite") } }),
});
