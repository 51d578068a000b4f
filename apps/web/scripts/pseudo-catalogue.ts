import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { pseudoCatalogue as compilePseudoCatalogue } from "../../../scripts/pseudo-locale.mjs";

/** Vite's mode of the pseudo-language build: `vite build --mode pseudo`. */
export const PSEUDO_MODE = "pseudo";

const MODULE_ID = "virtual:pseudo-catalogue";
const RESOLVED_ID = `\0${MODULE_ID}`;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * `virtual:pseudo-catalogue`: in the pseudo-language build, the app's and the shared package's
 * English catalogues in FormatJS's pseudo-locale en-XA (scripts/pseudo-locale.mjs), parsed; in
 * any other build an empty catalogue, which src/lib/i18n.ts never imports there.
 */
export function pseudoCatalogue(isPseudoBuild: boolean): Plugin {
  return {
    name: "ideaport:pseudo-catalogue",
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const catalogue = isPseudoBuild ? compilePseudoCatalogue(["apps/web", "packages/shared"]) : {};
      if (isPseudoBuild) {
        this.addWatchFile(path.join(REPO_ROOT, "apps/web/lang/en.json"));
        this.addWatchFile(path.join(REPO_ROOT, "packages/shared/lang/en.json"));
      }
      return `export default ${JSON.stringify(catalogue)};`;
    },
  };
}
