/**
 * Writes the migrated database snapshot (snapshot.ts) into `dist/`; the server build runs this
 * from its compiled copy, `dist/write-snapshot.js`. Skipped when the snapshot is up to date.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, PGLITE_EXTENSIONS } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";
import { DATABASE_SNAPSHOT_MANIFEST_PATH, DATABASE_SNAPSHOT_PATH, snapshotFingerprint } from "./snapshot.ts";

/** Writes the snapshot unless an up-to-date one exists; answers whether it wrote one. */
async function writeDatabaseSnapshot(): Promise<boolean> {
  const fingerprint = await snapshotFingerprint();
  const manifest = await readFile(DATABASE_SNAPSHOT_MANIFEST_PATH, "utf8").catch(() => "{}");
  if ((JSON.parse(manifest) as { fingerprint?: string }).fingerprint === fingerprint) return false;

  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = await openDatabase({ pglite: client });
  try {
    await migrateDatabase(handle);
    const dump = await client.dumpDataDir("none");
    // Written beside, then renamed, so a server starting meanwhile never reads half a file.
    await writeFile(`${DATABASE_SNAPSHOT_PATH}.partial`, new Uint8Array(await dump.arrayBuffer()));
    await rename(`${DATABASE_SNAPSHOT_PATH}.partial`, DATABASE_SNAPSHOT_PATH);
    await writeFile(DATABASE_SNAPSHOT_MANIFEST_PATH, `${JSON.stringify({ fingerprint })}\n`);
    return true;
  } finally {
    await handle.close();
  }
}

const started = performance.now();
const wrote = await writeDatabaseSnapshot();
console.info(
  wrote
    ? `Database snapshot written to ${DATABASE_SNAPSHOT_PATH} in ${Math.round(performance.now() - started)} ms`
    : "Database snapshot is up to date",
);
