/** The pseudo-locale the end-to-end tests read English in. */
export declare const PSEUDO_LOCALE: "en-XA";
/** The pseudo-language catalogue of the packages' English catalogues (`<package>/lang/en.json`), merged, parsed. */
export declare function pseudoCatalogue(packages: readonly string[]): Record<string, unknown>;
