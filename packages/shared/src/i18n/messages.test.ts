import { describe, expect, it } from "vitest";
import { matchLanguage } from "./languages.ts";
import { createTranslator, defineMessages } from "./messages.ts";

const MESSAGES = defineMessages({
  ideas: { id: "test.ideas", defaultMessage: "{count, plural, one {# idea} other {# ideas}} from {team}" },
  untranslated: { id: "test.untranslated", defaultMessage: "Only in English" },
  guide: { id: "test.guide", defaultMessage: "Read the <link>guide</link> first." },
});

describe("createTranslator", () => {
  it("formats plurals and numbers in the reader's language", () => {
    const german = createTranslator("de", { "test.ideas": "{count, plural, one {# Idee} other {# Ideen}} aus {team}" });
    expect(german(MESSAGES.ideas, { count: 1234, team: "Vertrieb" })).toBe("1.234 Ideen aus Vertrieb");
    expect(german(MESSAGES.ideas, { count: 1, team: "Vertrieb" })).toBe("1 Idee aus Vertrieb");
    expect(createTranslator("en", {})(MESSAGES.ideas, { count: 1234, team: "Sales" })).toBe("1,234 ideas from Sales");
  });

  it("falls back to the English wording for an id the catalogue lacks", () => {
    expect(createTranslator("de", {})(MESSAGES.untranslated)).toBe("Only in English");
  });

  it("says plain wordings, written or parsed, as they are, and ICU's quoting as ICU does", () => {
    const say = createTranslator("en", {
      "test.untranslated": [{ type: 0, value: "Parsed plain text" }],
      "test.quoted": "'{'braces'}' and it''s",
    });
    expect(say(MESSAGES.untranslated)).toBe("Parsed plain text");
    expect(say({ id: "test.plain", defaultMessage: "Plain # text, 100%" })).toBe("Plain # text, 100%");
    expect(say({ id: "test.quoted", defaultMessage: "" })).toBe("{braces} and it's");
    expect(say.rich({ id: "test.plain", defaultMessage: "Plain # text, 100%" }, {})).toEqual(["Plain # text, 100%"]);
  });

  it("calls a tag's value with what it encloses", () => {
    const parts = createTranslator("en", {}).rich<{ href: string; text: string }>(MESSAGES.guide, {
      link: (chunks: string[]) => ({ href: "/guide", text: chunks.join("") }),
    });
    expect(parts).toEqual(["Read the ", { href: "/guide", text: "guide" }, " first."]);
  });
});

describe("matchLanguage", () => {
  it("takes the first preferred language Ideaport speaks, by its language alone", () => {
    expect(matchLanguage(["fr-FR", "de-AT", "en"])).toBe("de");
    expect(matchLanguage(["fr", "it"])).toBe("en");
    expect(matchLanguage([])).toBe("en");
  });
});
