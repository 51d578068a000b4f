/**
 * A migrated, empty PGlite cluster, built once with the server (`npm run build`), from which a
 * new data directory starts: loading it takes about half a second, where creating a cluster
 * (initdb) and migrating it takes several. It is only used while it matches the migrations and
 * the PGlite release it was made with; otherwise the server creates the cluster as before.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { SERVER_ROOT } from "../config/env.ts";
import { MIGRATIONS_FOLDER } from "./migrate.ts";

/** The snapshot tarball (uncompressed: loading a plain tar is faster than gunzipping one). */
export const DATABASE_SNAPSHOT_PATH = path.join(SERVER_ROOT, "dist", "pglite-snapshot.tar");
/** What the snapshot was made from: `{ fingerprint }`. */
export const DATABASE_SNAPSHOT_MANIFEST_PATH = path.join(SERVER_ROOT, "dist", "pglite-snapshot.json");

/** A hash of every migration file and of the PGlite release: a snapshot is valid for one value. */
export async function snapshotFingerprint(): Promise<string> {
  const hash = createHash("sha256");
  const require = createRequire(import.meta.url);
  const pglitePackage = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  hash.update(`pglite ${(JSON.parse(await readFile(pglitePackage, "utf8")) as { version: string }).version}\n`);
  const files = await readdir(MIGRATIONS_FOLDER, { recursive: true });
  for (const file of files.filter((name) => /\.(sql|json)$/.test(name)).sort()) {
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest("hex");
}

/** The snapshot as PGlite's `loadDataDir` takes it, or undefined when missing or out of date. */
export async function readDatabaseSnapshot(): Promise<Blob | undefined> {
  try {
    const [manifest, fingerprint] = await Promise.all([
      readFile(DATABASE_SNAPSHOT_MANIFEST_PATH, "utf8"),
      snapshotFingerprint(),
    ]);
    if ((JSON.parse(manifest) as { fingerprint?: string }).fingerprint !== fingerprint) return undefined;
    return new Blob([new Uint8Array(await readFile(DATABASE_SNAPSHOT_PATH))]);
  } catch {
    return undefined;
  }
}
