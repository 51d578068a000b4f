// The import rules (.dependency-cruiser.cjs), checked on every lint run: `npm run check:imports`.
// dependency-cruiser reports "no violations" when it reads no module at all (its TypeScript parser,
// @swc/core, missing or failing to load), so the run also fails when it cruised fewer modules than
// the code has: the three packages held about 490 in November 2026.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["apps/server/src", "packages/shared/src", "apps/web/src"];
/** Well below today's count, well above what a parser that reads nothing leaves. */
const MIN_MODULES = 400;
const bin = (name) => path.join(root, "node_modules/.bin", name);

const scratch = mkdtempSync(path.join(tmpdir(), "check-imports-"));
try {
  const result = path.join(scratch, "cruise.json");
  execFileSync(
    bin("depcruise"),
    ["--config", ".dependency-cruiser.cjs", "--output-type", "json", "--output-to", result, ...FOLDERS],
    { cwd: root, stdio: "inherit" },
  );
  const { summary } = JSON.parse(readFileSync(result, "utf8"));
  // The violations, as `depcruise` itself reports them, and its exit code.
  try {
    execFileSync(bin("depcruise-fmt"), ["--output-type", "err", "--exit-code", result], {
      cwd: root,
      stdio: "inherit",
    });
  } catch {
    process.exitCode = 1;
  }
  if (summary.totalCruised < MIN_MODULES) {
    console.error(
      `✘ dependency-cruiser read only ${summary.totalCruised} modules (at least ${MIN_MODULES} expected): its parser did not load (is @swc/core installed? \`npm run setup\`), so nothing was checked.`,
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
