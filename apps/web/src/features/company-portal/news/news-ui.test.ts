import { describe, expect, it } from "vitest";
import { excerptOf } from "./news-ui.tsx";

describe("a news card's excerpt", () => {
  it("reads headings, paragraphs and list items as sentences of their own", () => {
    const html =
      "<h2>Everything in one place</h2><p>From today, news lives here.</p><ul><li>Points</li><li>Rewards!</li></ul>";
    expect(excerptOf(html)).toBe("Everything in one place. From today, news lives here. Points. Rewards!");
  });

  it("keeps only text, and cuts a long body at a word with an ellipsis", () => {
    expect(excerptOf('<p>Read <a href="https://example.com">the <strong>plan</strong></a> now</p>')).toBe(
      "Read the plan now.",
    );
    expect(excerptOf(`<p>${"word ".repeat(100)}</p>`, 22)).toBe("word word word word…");
  });
});
