import { LANGUAGE_NAMES } from "@ideaport/shared";

/**
 * The languages only the landing page speaks so far, each in its own name: a language is added
 * here with one line and its catalogue of the landing's messages, `apps/web/lang/landing/<tag>.json`
 * (which `npm run i18n:check` verifies against the landing's English). The build prerenders the
 * landing page in it and the server sends that page to whoever reads it; the app stays in its own
 * languages (`LANGUAGES`).
 */
const LANDING_ONLY_LANGUAGES: Readonly<Record<string, string>> = {
  fr: "Français",
};

/** Every language the landing page is offered in (the app's first), each in its own name. */
export const LANDING_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ...LANGUAGE_NAMES,
  ...LANDING_ONLY_LANGUAGES,
};
