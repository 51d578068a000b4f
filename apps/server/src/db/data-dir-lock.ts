/**
 * An exclusive, cross-process lock on the data directory. PGlite has no lock of its own, so a
 * second server on the same folder would silently lose writes.
 *
 * proper-lockfile holds the lock as a directory (`<dataDir>/server.lock`, created atomically with
 * mkdir) whose mtime it refreshes; a lock not refreshed for `STALE_AFTER_MS` is taken over. To
 * recover at once after a crash rather than after that delay, the holder also writes its pid and
 * host beside the lock (`server.lock.json`): a lock whose holder process is gone on this host is
 * removed immediately. (A restarted container often gets the crashed one's pid again: a lock
 * recorded under our own pid that this process does not hold is a previous life's.)
 *
 * The delay is generous because PGlite runs queries on the main thread: a long statement stops
 * the mtime refresh, and a shorter delay would let a second server take a lock still in use.
 */
import { mkdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

const LOCK_NAME = "server.lock";
const OWNER_FILE_NAME = "server.lock.json";
const GUARD_NAME = "server.lock.guard";
const STALE_AFTER_MS = 30_000;
const HELD_DIRECTORIES_KEY = Symbol.for("ideaport.heldDataDirectories");

/** Data directories this process holds, shared by every copy of this module in the process. */
const heldDirectories = heldDirectoriesOfProcess();

function heldDirectoriesOfProcess(): Set<string> {
  const registry = globalThis as { [HELD_DIRECTORIES_KEY]?: Set<string> };
  registry[HELD_DIRECTORIES_KEY] ??= new Set<string>();
  return registry[HELD_DIRECTORIES_KEY];
}

/** Thrown when another process holds the data directory. */
export class DataDirLockedError extends Error {
  readonly dataDir: string;

  constructor(dataDir: string) {
    super(
      `Another Ideaport server is already using the data directory ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    this.name = "DataDirLockedError";
    this.dataDir = dataDir;
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Releases the lock; safe to call more than once. */
  release(): Promise<void>;
}

interface LockOwner {
  pid: number;
  hostname: string;
  acquiredAt: string;
}

/** Takes the exclusive lock on `dataDir` (created if missing) or throws `DataDirLockedError`. */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true });
  // The identity of the folder, whatever path (symlink, relative) names it.
  const canonical = await realpath(directory);
  const lockPath = path.join(directory, LOCK_NAME);
  const ownerPath = path.join(directory, OWNER_FILE_NAME);

  const options: lockfile.LockOptions = {
    lockfilePath: lockPath,
    stale: STALE_AFTER_MS,
    retries: 0,
    onCompromised: (error) => {
      // Someone removed or took over our lock: continuing could corrupt the database.
      console.error(`Lost the lock on the data directory ${directory}: ${error.message}`);
      throw error;
    },
  };

  // A short guard makes "take the lock, record the owner" one step for every contender, so
  // nobody reads a crashed holder's record while a new holder is between those two writes.
  // (proper-lockfile keys its locks by target path, so the guard needs a target of its own.)
  const guardPath = path.join(directory, GUARD_NAME);
  const releaseGuard = await lockfile.lock(guardPath, {
    lockfilePath: guardPath,
    realpath: false,
    stale: 2_000,
    retries: { retries: 20, minTimeout: 50, maxTimeout: 250 },
    onCompromised: () => {},
  });
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockOrRecover(directory, canonical, options, ownerPath);
    const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), acquiredAt: new Date().toISOString() };
    await writeFile(ownerPath, `${JSON.stringify(owner)}\n`);
    heldDirectories.add(canonical);
  } finally {
    await releaseGuard();
  }

  let released = false;
  return {
    dataDir: directory,
    async release() {
      if (released) return;
      released = true;
      await rm(ownerPath, { force: true });
      heldDirectories.delete(canonical);
      await releaseLock();
    },
  };
}

async function lockOrRecover(
  directory: string,
  canonical: string,
  options: lockfile.LockOptions,
  ownerPath: string,
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(directory, options);
  } catch (error) {
    if (!isLockedError(error)) throw error;
    if (heldDirectories.has(canonical) || !(await isHeldByDeadProcess(ownerPath))) {
      throw new DataDirLockedError(directory);
    }
  }
  // The holder crashed moments ago: clear its lock and try once more.
  await rm(options.lockfilePath!, { recursive: true, force: true });
  try {
    return await lockfile.lock(directory, options);
  } catch (error) {
    if (isLockedError(error)) throw new DataDirLockedError(directory);
    throw error;
  }
}

function isLockedError(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ELOCKED";
}

/** True only when the recorded holder is a process of this host that no longer exists. */
async function isHeldByDeadProcess(ownerPath: string): Promise<boolean> {
  let owner: LockOwner;
  try {
    owner = JSON.parse(await readFile(ownerPath, "utf8")) as LockOwner;
  } catch {
    return false;
  }
  if (owner.hostname !== os.hostname() || !Number.isInteger(owner.pid)) return false;
  // Our own pid, yet we do not hold it (checked before): a crashed earlier process had our pid.
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
