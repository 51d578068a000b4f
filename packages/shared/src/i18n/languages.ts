/** The languages a person can read Ideaport in. English is the source every other language translates. */
export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

export const SOURCE_LANGUAGE = "en" satisfies Language;

/** Each language's name in itself, the way a language switcher offers it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", de: "Deutsch" };

/** The languages as a choice offers them: each named in itself. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ value: Language; label: string }> = LANGUAGES.map((value) => ({
  value,
  label: LANGUAGE_NAMES[value],
}));

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of a reader's preferred languages (BCP 47 tags, most preferred first, such as a
 * browser's `navigator.languages`) that Ideaport speaks, matched on the language alone ("de-AT"
 * reads German); English when none is.
 */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(language)) return language;
  }
  return SOURCE_LANGUAGE;
}

/**
 * The cookie in which the web keeps the language a person chose (or last read in the app), so
 * that the server sends a page already in it: the server cannot see who is signed in on a page's
 * request (the session is a bearer token), but it sees this cookie. Its value is a language tag,
 * possibly one only some pages speak (the landing page's French).
 */
export const LANGUAGE_COOKIE = "ideaport_language";
