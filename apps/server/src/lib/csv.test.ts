import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv.ts";

describe("CSV fields", () => {
  /** A table row: what the text holds, the text, and the field it must be written as. */
  const expectField = (_case: string, value: string, field: string) => {
    expect(csvField(value)).toBe(field);
  };

  it("leaves plain texts and numbers as they are and empties null", () => {
    expect(csvLine(["Faster builds", 42, null, undefined, ""])).toBe("Faster builds,42,,,\r\n");
  });

  it.each([
    ["a comma", 'Say "hi", then go', '"Say ""hi"", then go"'],
    ["a semicolon", "Tea; coffee", '"Tea; coffee"'],
    ["a line feed", "two\nlines", '"two\nlines"'],
    ["a carriage return", "cr\rhere", '"cr\rhere"'],
    ["a tab", "left\tright", '"left\tright"'],
    ["edge spaces", " padded ", '" padded "'],
    ["accents alone", "Zoë Ångström", "Zoë Ångström"],
  ])("quotes a field holding %s, doubling its quotes", expectField);

  it.each([
    ["=", '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+", "+1", "'+1"],
    ["-", "-2", "'-2"],
    ["@", "@SUM(A1)", "'@SUM(A1)"],
    ["a tab", "\t=1", '"\'\t=1"'],
    ["a carriage return", "\r=1", '"\'\r=1"'],
  ])("keeps a spreadsheet from running a text that starts with %s as a formula", expectField);

  it.each([
    // A spreadsheet splitting on ";" (most of continental Europe) would make "=1+1" a cell of its own.
    ["a semicolon", "Semi;=1+1;colon idea", '"Semi;\'=1+1;colon idea"'],
    ["a comma", "a,+1", '"a,\'+1"'],
    ["a comma and spaces", "a,  -1", '"a,  \'-1"'],
    ["a tab", "a\t@cmd", '"a\t\'@cmd"'],
    ["a line break", "first\r\n=2", '"first\r\n\'=2"'],
  ])("neutralises a formula after %s inside the text", expectField);

  it("leaves numbers as they are, negative ones included", () => {
    expect(csvField(-2)).toBe("-2");
    expect(csvLine([1.5, -3])).toBe("1.5,-3\r\n");
  });
});
