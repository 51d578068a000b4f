import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv.ts";

describe("CSV fields", () => {
  it("leaves plain texts and numbers as they are and empties null", () => {
    expect(csvLine(["Faster builds", 42, null, undefined, ""])).toBe("Faster builds,42,,,\r\n");
  });

  it("quotes commas, quotes, line breaks and edge spaces, doubling the quotes", () => {
    expect(csvField('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("keeps a spreadsheet from running a text as a formula", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(-2)).toBe("-2");
  });
});
