import { describe, expect, it } from "vitest";
import type { TextWord } from "./ai-analysis.repository.ts";
import { keyLexemesOf, likenessOf, suggestTags, suggestTitle, termsQueryOf } from "./ai-analysis.text.ts";

const word = (token: string, lexeme: string | null, part: TextWord["part"] = "description"): TextWord => ({
  token,
  lexeme,
  part,
});

describe("suggestTitle", () => {
  it.each([
    ["we should put solar panels on the roof because power is expensive", "Put solar panels on the roof"],
    ["What if we had a buddy for new hires? They feel lost.", "We had a buddy for new hires"],
    ["I think maybe standing desks for everyone", "Standing desks for everyone"],
    ["Solar panels on the roof", undefined],
    ["ok", undefined],
  ])("%s → %s", (title, expected) => {
    expect(suggestTitle(title)).toBe(expected);
  });
});

describe("key terms and likeness", () => {
  it("weighs title words above description words, stop words aside", () => {
    const words = [word("Solar", "solar", "title"), word("the", null), word("power", "power"), word("power", "power")];
    expect(keyLexemesOf(words)).toEqual(["solar", "power"]);
  });

  it("searches any pair of key terms, quoted", () => {
    expect(termsQueryOf([])).toBeNull();
    expect(termsQueryOf(["solar"])).toBe("'solar'");
    expect(termsQueryOf(["solar", "roof", "o'neil"])).toBe(
      "('solar' & 'roof') | ('solar' & 'o''neil') | ('roof' & 'o''neil')",
    );
  });

  it("ranks a rewording high and a shared word low", () => {
    const text = ["solar", "panel", "roof", "electr", "bill", "power"];
    const reworded = likenessOf({
      titleSimilarity: 0.2,
      textLexemes: text,
      keyLexemes: text,
      ideaLexemes: ["solar", "panel", "roof", "electr", "produc"],
    });
    const sharedWord = likenessOf({
      titleSimilarity: 0.15,
      textLexemes: text,
      keyLexemes: text,
      ideaLexemes: ["roof", "leak", "repair", "winter", "gutter"],
    });
    expect(reworded).toBeGreaterThan(0.5);
    expect(sharedWord).toBeLessThan(0.3);
  });
});

describe("suggestTags", () => {
  it("puts the company's tags first, then key terms as written, five at most and none twice", () => {
    const words = [word("Solar", "solar", "title"), word("panels", "panel", "title"), word("roof", "roof")];
    expect(suggestTags(words, ["solar", "panel", "roof"], ["solar-energy"])).toEqual([
      "solar-energy",
      "panels",
      "roof",
    ]);
  });
});
