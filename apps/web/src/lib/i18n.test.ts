import { LANGUAGE_COOKIE } from "@ideaport/shared";
import { describe, expect, it, vi } from "vitest";
import { COMPONENT_TEXTS } from "../components/components.texts.ts";
import { browserLanguage, currentLanguage, setLanguage, t } from "./i18n.ts";

describe("setLanguage", () => {
  it("ends in the language asked for last, though an earlier switch's catalogues arrive after it", async () => {
    // German's catalogues load (a dynamic import); English's are at hand at once.
    const german = setLanguage("de");
    const english = setLanguage("en");
    await Promise.all([german, english]);

    expect(currentLanguage()).toBe("en");
    expect(t(COMPONENT_TEXTS.cancel)).toBe("Cancel");
  });

  it("speaks the language once its catalogues have loaded, and keeps the choice for the next visit", async () => {
    await setLanguage("de");

    expect(currentLanguage()).toBe("de");
    expect(document.documentElement.lang).toBe("de");
    expect(t(COMPONENT_TEXTS.cancel)).toBe("Abbrechen");
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
  });
});

describe("browserLanguage", () => {
  it("reads a malformed language cookie as no choice and follows the browser", () => {
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["de-AT", "en"]);
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = `${LANGUAGE_COOKIE}=%E0%A4%A; Path=/`;

    expect(browserLanguage()).toBe("de");
  });
});
