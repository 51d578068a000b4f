// The message catalogues of the three packages that hold texts (packages/shared, apps/server,
// apps/web), each in `<package>/lang/<language>.json` (message id to ICU wording).
//   node scripts/i18n.mjs extract   writes each package's English catalogue from the messages its
//                                   code declares (defineMessages), the source every language translates
//   node scripts/i18n.mjs check     fails when an English catalogue differs from the code (a message
//                                   added, changed or no longer used and not extracted), or when
//                                   another language misses a message, keeps one nobody uses, or
//                                   drops or renames a value of the English wording
// A catalogue in `<package>/lang/<feature>/<language>.json` is a language only that feature speaks
// so far (the landing page's French): `check` verifies it the same way (missing, extra, values)
// against the English of the messages declared under `<package>/src/features/<feature>/`.
// Extraction and verification are FormatJS's own CLI (`formatjs extract`, `formatjs verify`).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGES = ["packages/shared", "apps/server", "apps/web"];
const SOURCE_LANGUAGE = "en";
const formatjs = path.join(root, "node_modules/.bin/formatjs");

function extract(pkg, outFile, sources = `${pkg}/src/**/*.{ts,tsx}`) {
  execFileSync(
    formatjs,
    [
      "extract",
      sources,
      "--ignore",
      "**/*.test.{ts,tsx}",
      "**/test/**",
      "--format",
      "simple",
      "--throws",
      "--out-file",
      outFile,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
}

function readCatalogue(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

const CATALOGUE_FILE = /^[a-z]{2}(-[A-Z]{2})?\.json$/;

/** Runs `formatjs verify` on catalogues, the source language's among them; false when they disagree. */
function verify(files, cwd) {
  try {
    execFileSync(
      formatjs,
      [
        "verify",
        "--source-locale",
        SOURCE_LANGUAGE,
        "--missing-keys",
        "--extra-keys",
        "--structural-equality",
        ...files,
      ],
      { cwd, stdio: "inherit" },
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * The catalogues of languages only one feature of `pkg` speaks (`lang/<feature>/<language>.json`),
 * each verified against the English of that feature's messages; false when one disagrees.
 */
function checkFeatureCatalogues(pkg, langDir) {
  let ok = true;
  const features = readdirSync(langDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name: feature } of features) {
    const featureDir = path.join(pkg, "src/features", feature);
    const files = readdirSync(path.join(langDir, feature)).filter((file) => CATALOGUE_FILE.test(file));
    if (!existsSync(path.join(root, featureDir)) || files.includes(`${SOURCE_LANGUAGE}.json`) || files.length === 0) {
      console.error(
        `${pkg}/lang/${feature}: a folder of catalogues names a feature (${featureDir}) and holds its languages besides ${SOURCE_LANGUAGE}, whose wording is the code's.`,
      );
      ok = false;
      continue;
    }
    const scratch = mkdtempSync(path.join(tmpdir(), `i18n-${feature}-`));
    try {
      extract(pkg, path.join(scratch, `${SOURCE_LANGUAGE}.json`), `${featureDir}/**/*.{ts,tsx}`);
      for (const file of files) copyFileSync(path.join(langDir, feature, file), path.join(scratch, file));
      if (verify([`${SOURCE_LANGUAGE}.json`, ...files], scratch)) {
        console.info(`${pkg}/lang/${feature}: ${files.length} catalogues agree with ${featureDir}.`);
      } else {
        console.error(`${pkg}/lang/${feature}: the catalogues above disagree with the messages of ${featureDir}.`);
        ok = false;
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return ok;
}

function differences(expected, actual) {
  const ids = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...ids].filter((id) => expected[id] !== actual[id]).sort();
}

const command = process.argv[2];
let failed = false;
for (const pkg of PACKAGES) {
  const langDir = path.join(root, pkg, "lang");
  const sourceFile = path.join(langDir, `${SOURCE_LANGUAGE}.json`);
  if (command === "extract") {
    extract(pkg, sourceFile);
    // Written again in the repository's JSON style, so the formatter leaves it as it is.
    writeFileSync(sourceFile, `${JSON.stringify(readCatalogue(sourceFile), null, 2)}\n`);
    console.info(`${pkg}: ${Object.keys(readCatalogue(sourceFile)).length} messages`);
  } else if (command === "check") {
    const scratch = mkdtempSync(path.join(tmpdir(), "i18n-"));
    try {
      const extracted = path.join(scratch, `${SOURCE_LANGUAGE}.json`);
      extract(pkg, extracted);
      const stale = differences(readCatalogue(extracted), readCatalogue(sourceFile));
      if (stale.length > 0) {
        failed = true;
        console.error(
          `${pkg}: lang/${SOURCE_LANGUAGE}.json differs from the code in ${stale.length} messages (${stale.slice(0, 10).join(", ")}${stale.length > 10 ? ", …" : ""}): run \`npm run i18n:extract\`.`,
        );
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const files = readdirSync(langDir)
      .filter((file) => CATALOGUE_FILE.test(file))
      .map((file) => path.join(pkg, "lang", file));
    if (verify(files, root)) console.info(`${pkg}: ${files.length} catalogues agree with the code.`);
    else failed = true;
    if (!checkFeatureCatalogues(pkg, langDir)) failed = true;
  } else {
    console.error("Usage: node scripts/i18n.mjs extract|check");
    process.exit(2);
  }
}
if (failed) process.exit(1);
