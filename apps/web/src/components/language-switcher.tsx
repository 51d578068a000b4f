import { isLanguage, LANGUAGE_OPTIONS } from "@ideaport/shared";
import { NativeSelect } from "@mantine/core";
import { setLanguage, t, useLanguage } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/** The language of the signed-out pages, offered in each language's own name; the browser remembers it. */
export function LanguageSwitcher() {
  const language = useLanguage();
  return (
    <NativeSelect
      aria-label={t(COMPONENT_TEXTS.languageLabel)}
      size="xs"
      value={language}
      data={LANGUAGE_OPTIONS}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void setLanguage(next);
      }}
    />
  );
}
