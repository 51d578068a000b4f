import {
  type Catalogue,
  createTranslator,
  type Language,
  type MessageDescriptor,
  type MessageValues,
  matchLanguage,
  SOURCE_LANGUAGE,
} from "@ideaport/shared";
import { createElement, Fragment, type ReactNode, useSyncExternalStore } from "react";
import { storedLanguageChoice, storeLanguageChoice } from "./language-choice.ts";

/**
 * The language the app speaks: the signed-in person's (their choice, else their company's
 * default, as the server answers it), before that the one this browser last read, else the
 * browser's own. Each language other than English loads its catalogues (the app's and the shared
 * package's) when someone reads it; English is the wording in the code.
 */
const CATALOGUES: Readonly<Record<Exclude<Language, typeof SOURCE_LANGUAGE>, () => Promise<Catalogue[]>>> = {
  de: () => Promise.all([import("../../lang/de.json"), import("@ideaport/shared/lang/de.json")]).then(defaults),
};

/**
 * English's catalogue: none, its wording is in the code; but in the pseudo-language test build
 * (`vite build --mode pseudo`, end-to-end tests only, never offered to people: docs/decisions.md)
 * every message of the app and the shared package accented, longer and in brackets, so any text
 * that comes from no catalogue stands out. Other builds leave it out (the mode is known when
 * building, so the import is dropped).
 */
const SOURCE_CATALOGUES: (() => Promise<Catalogue[]>) | null =
  import.meta.env.MODE === "pseudo"
    ? () => import("virtual:pseudo-catalogue").then((module) => [module.default])
    : null;

/** True when the language's catalogues must load before the app speaks it. */
export function hasCatalogues(next: Language): boolean {
  return next !== SOURCE_LANGUAGE || SOURCE_CATALOGUES !== null;
}

function defaults(modules: { default: Catalogue }[]): Catalogue[] {
  return modules.map((module) => module.default);
}

let language: Language = SOURCE_LANGUAGE;
let translate = createTranslator(SOURCE_LANGUAGE, {});
let locale = localeFor(SOURCE_LANGUAGE);
/** Each language's translator, made once its catalogues have loaded. */
const translators = new Map<Language, ReturnType<typeof createTranslator>>();
/** How many switches were asked for: a switch whose catalogues arrive after a later one was asked for is dropped. */
let switches = 0;
if (SOURCE_CATALOGUES === null) translators.set(SOURCE_LANGUAGE, translate);
const listeners = new Set<() => void>();

/** A person's text in the current language. */
export function t(message: MessageDescriptor, values?: MessageValues): string {
  return translate(message, values);
}

/** A person's text with elements inside it: values may be elements, and tags call their value with what they enclose. */
export function tRich(message: MessageDescriptor, values: Readonly<Record<string, unknown>>): ReactNode {
  // Parts passed as separate children need no keys.
  return createElement(Fragment, null, ...translate.rich<ReactNode>(message, values));
}

export function currentLanguage(): Language {
  return language;
}

/**
 * The language the texts are said in: the app's, or at build time one only a prerendered page
 * speaks (`speakForPrerender`: the landing page's French).
 */
export function spokenLanguage(): string {
  return translate.language;
}

/**
 * Build time only: says the texts that follow in `tag` from `catalogues`, for a page prerendered
 * in a language the app itself may not speak (the landing page's French).
 */
export function speakForPrerender(tag: string, catalogues: readonly Catalogue[]): void {
  translate = createTranslator(tag, Object.assign({}, ...catalogues));
}

/** The locale dates and numbers follow. */
export function formatLocale(): string {
  return locale;
}

/**
 * The locale for `tag`: the browser's own when it is in that language (an English reader in
 * Britain keeps day-month order), else the language itself.
 */
function localeFor(tag: Language): string {
  const own = typeof navigator === "undefined" ? [] : navigator.languages;
  return own.find((ownTag) => ownTag.toLowerCase().split("-")[0] === tag) ?? tag;
}

/**
 * The language this browser asks for: the first the app speaks of the one it last chose or read
 * and its own preferences, the rule by which the server picks a page's language too.
 */
export function browserLanguage(): Language {
  const stored = storedLanguageChoice();
  return matchLanguage([...(stored ? [stored] : []), ...(typeof navigator === "undefined" ? [] : navigator.languages)]);
}

/**
 * Switches the app to a language once its catalogues have loaded; screens re-render in it. The
 * browser keeps it for the next visit and the server's next page, unless `remember` is false (the
 * app starting in the language the browser asks for, which is no choice of the person's). Of two
 * switches, the one asked for last wins, whichever language's catalogues arrive first.
 */
export async function setLanguage(next: Language, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  const switchNumber = ++switches;
  let translator = translators.get(next);
  if (!translator) {
    const catalogues = next === SOURCE_LANGUAGE ? ((await SOURCE_CATALOGUES?.()) ?? []) : await CATALOGUES[next]();
    translator = createTranslator(next, Object.assign({}, ...catalogues));
    translators.set(next, translator);
  }
  if (switchNumber !== switches) return;
  if (remember) storeLanguageChoice(next);
  if (translator === translate) return;
  translate = translator;
  language = next;
  locale = localeFor(next);
  if (typeof document !== "undefined") document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders its children anew in a language the person switches to, so every text follows at once. */
export function InLanguage({ children }: { children: ReactNode }): ReactNode {
  return createElement(Fragment, { key: useLanguage() }, children);
}

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  // Prerendering and hydrating a page say it in the language it is in, which is the current one.
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
