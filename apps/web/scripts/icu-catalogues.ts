import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/** A language's message catalogue: `lang/<language>.json` of the web app or of the shared package. */
const CATALOGUE = /[\\/]lang[\\/][a-z]{2}(?:-[A-Z]{2})?\.json$/;

/**
 * Imports a message catalogue with each wording already parsed (ICU MessageFormat to its syntax
 * tree), so the browser formats messages without shipping the ICU parser; the descriptors in the
 * code get the same treatment from FormatJS's own build plugin.
 */
export function icuCatalogues(): Plugin {
  return {
    name: "ideaport:icu-catalogues",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOGUE.test(id.split("?")[0] ?? id)) return null;
      const wordings = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(Object.entries(wordings).map(([key, wording]) => [key, parse(wording)]));
      return { code: `export default ${JSON.stringify(parsed)};`, map: null, moduleType: "js" };
    },
  };
}
