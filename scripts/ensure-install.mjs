// Installs dependencies from the lockfile when node_modules is missing or older than it, so
// `npm start` and `npm test` work on a fresh clone. Uses only Node built-ins.
// `npm install` rather than `npm ci`: the registry mirror we can reach serves only this
// platform's optional binaries (e.g. @biomejs/cli-linux-x64), so the lockfile cannot list
// the others and `npm ci` refuses it as out of sync; `npm install` installs the same pinned tree.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lockfile = path.join(root, "package-lock.json");
const installed = path.join(root, "node_modules/.package-lock.json");

const isStale = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs;
if (isStale) {
  console.info("Installing dependencies (npm install)...");
  execSync("npm install --no-audit --no-fund", { cwd: root, stdio: "inherit" });
}
