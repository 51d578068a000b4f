/**
 * The server's languages: one translator per language Ideaport speaks, over the shared package's
 * catalogue and the server's own (English is the wording in the code), and whom a text is for.
 * Everything the server writes for a person is said in that person's language: an answer in the
 * reader's (`readerLanguage`), an e-mail, a notification or a calendar event in the recipient's
 * (`effectiveLanguage` of their choice and their company's default).
 */
import { readFileSync } from "node:fs";
import {
  type Catalogue,
  createTranslator,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  matchLanguage,
  SOURCE_LANGUAGE,
  type Translate,
} from "@ideaport/shared";
import sharedGerman from "@ideaport/shared/lang/de.json" with { type: "json" };
import serverGerman from "../../lang/de.json" with { type: "json" };

/** Each language's catalogues, besides English: the shared package's, then the server's. */
const CATALOGUES: Readonly<Record<Exclude<Language, typeof SOURCE_LANGUAGE>, readonly Catalogue[]>> = {
  de: [sharedGerman, serverGerman],
};

/**
 * English needs no catalogue (its wording is in the code), but for the end-to-end tests'
 * pseudo-language: PSEUDO_LOCALE_CATALOGUE names a catalogue (`node scripts/pseudo-locale.mjs`,
 * every English message accented, longer and in brackets) that the server then says instead of
 * English, so a test sees which of its texts come from no catalogue. Heeded only by a server run
 * for tests (NODE_ENV=test): a deployment cannot be switched to it (docs/decisions.md, "The
 * pseudo-language build").
 */
function sourceCatalogue(): Catalogue {
  const file = process.env.PSEUDO_LOCALE_CATALOGUE;
  return file && process.env.NODE_ENV === "test" ? (JSON.parse(readFileSync(file, "utf8")) as Catalogue) : {};
}

const translators = new Map<Language, Translate>(
  LANGUAGES.map((language) => [
    language,
    createTranslator(
      language,
      language === SOURCE_LANGUAGE ? sourceCatalogue() : Object.assign({}, ...CATALOGUES[language]),
    ),
  ]),
);

/** Says messages in `language`. */
export function translatorFor(language: Language): Translate {
  return translators.get(language) ?? (translators.get(SOURCE_LANGUAGE) as Translate);
}

/**
 * What a person reads: their own choice, else their company's default, else English. A stored
 * tag Ideaport does not speak (any more) is passed over like no choice.
 */
export function effectiveLanguage(choice: string | null | undefined, companyDefault?: string | null): Language {
  if (isLanguage(choice)) return choice;
  return isLanguage(companyDefault) ? companyDefault : SOURCE_LANGUAGE;
}

/**
 * The language tags of an Accept-Language header (RFC 9110, section 12.5.4), most preferred
 * first: by quality, then in the order given; those of quality 0 (not acceptable) left out.
 */
export function preferredLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: Array<{ tag: string; quality: number; position: number }> = [];
  header.split(",").forEach((part, position) => {
    const [range, ...parameters] = part.split(";").map((piece) => piece.trim());
    if (!range) return;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.exec(parameter);
      if (match) quality = Number(match[1]);
      else if (/^q\s*=/i.test(parameter)) quality = 0;
    }
    if (quality > 0) ranges.push({ tag: range, quality, position });
  });
  return ranges.sort((a, b) => b.quality - a.quality || a.position - b.position).map((range) => range.tag);
}

/** What a request needs to know its reader: the signed-in person, if any, and the browser's languages. */
export interface LanguageRequest {
  headers: { "accept-language"?: string | string[] | undefined };
  caller?: { language: Language } | null;
}

/**
 * The language of whoever reads an answer: the signed-in person's, else the first of the
 * browser's languages (Accept-Language) that Ideaport speaks, else English.
 */
export function readerLanguage(request: LanguageRequest): Language {
  if (request.caller) return request.caller.language;
  const header = request.headers["accept-language"];
  return matchLanguage(preferredLanguages(Array.isArray(header) ? header.join(",") : header));
}

/** Says messages in the language of whoever reads the answer to `request`. */
export function readerTranslator(request: LanguageRequest): Translate {
  return translatorFor(readerLanguage(request));
}

/** What a page's request tells of its reader: the language the web keeps in its cookie, and the browser's. */
export interface PageLanguageRequest {
  headers: { "accept-language"?: string | string[] | undefined };
  cookies?: Readonly<Record<string, string | undefined>>;
}

/**
 * The language to send a page in, of the languages the build has it in: the first the page speaks
 * of the person's stored choice (the web's language cookie: the server cannot see who is signed in
 * on a page's request) and then the browser's languages (Accept-Language), matched on the language
 * alone; else English, else the page's first language. The web starts the app by the same rule.
 */
export function pageLanguage(request: PageLanguageRequest, languages: readonly string[]): string {
  const header = request.headers["accept-language"];
  const choice = request.cookies?.[LANGUAGE_COOKIE];
  const preferred = [
    ...(choice ? [choice] : []),
    ...preferredLanguages(Array.isArray(header) ? header.join(",") : header),
  ];
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (language && languages.includes(language)) return language;
  }
  return languages.includes(SOURCE_LANGUAGE) ? SOURCE_LANGUAGE : (languages[0] ?? SOURCE_LANGUAGE);
}
