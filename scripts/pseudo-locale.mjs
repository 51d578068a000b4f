// The pseudo-language of the end-to-end tests: every English message of the given packages in
// FormatJS's pseudo-locale en-XA (accented, lengthened, in brackets: "Submit" reads "[Şŭŭƀḿīŧ]"),
// so a text a person sees that is not in brackets and accented did not come from a catalogue. A
// test build, never offered to people (docs/decisions.md, "The pseudo-language build"): the web's
// `vite build --mode pseudo` says it instead of English, and the server does when
// PSEUDO_LOCALE_CATALOGUE names the file this writes.
//   node scripts/pseudo-locale.mjs <out-file> <package>...   e.g. packages/shared apps/server
// The catalogue is FormatJS's compiled form (parsed ICU), which the translators take as it is.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const formatjs = path.join(root, "node_modules/.bin/formatjs");
export const PSEUDO_LOCALE = "en-XA";

/** The pseudo-language catalogue of the packages' English catalogues (`<package>/lang/en.json`), merged. */
export function pseudoCatalogue(packages) {
  const scratch = mkdtempSync(path.join(tmpdir(), "pseudo-locale-"));
  try {
    const catalogues = packages.map((pkg, index) => {
      const out = path.join(scratch, `${index}.json`);
      execFileSync(
        formatjs,
        [
          "compile",
          path.join(root, pkg, "lang/en.json"),
          "--format",
          "simple",
          "--ast",
          "--pseudo-locale",
          PSEUDO_LOCALE,
          "--out-file",
          out,
        ],
        { stdio: ["ignore", "ignore", "inherit"] },
      );
      return JSON.parse(readFileSync(out, "utf8"));
    });
    return Object.assign({}, ...catalogues);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outFile, ...packages] = process.argv.slice(2);
  if (!outFile || packages.length === 0) {
    console.error("Usage: node scripts/pseudo-locale.mjs <out-file> <package>...");
    process.exit(2);
  }
  mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  writeFileSync(outFile, JSON.stringify(pseudoCatalogue(packages)));
}
