import { describe, expect, it } from "vitest";
import { effectiveLanguage, pageLanguage, preferredLanguages, readerLanguage } from "./i18n.ts";

describe("preferredLanguages", () => {
  it("orders an Accept-Language header by quality, then as given, leaving out what is not acceptable", () => {
    expect(preferredLanguages("de-AT,de;q=0.9,en;q=0.8")).toEqual(["de-AT", "de", "en"]);
    expect(preferredLanguages("en;q=0.2, fr, de;q=0.8")).toEqual(["fr", "de", "en"]);
    expect(preferredLanguages("de;q=0, en")).toEqual(["en"]);
    expect(preferredLanguages("de;Q=0.5 , *;q=0.1")).toEqual(["de", "*"]);
    expect(preferredLanguages("de;q=2, en;q=abc, fr;q=0.7")).toEqual(["fr"]);
    expect(preferredLanguages("")).toEqual([]);
    expect(preferredLanguages(undefined)).toEqual([]);
  });
});

describe("readerLanguage", () => {
  it("is the signed-in person's language, else the browser's first that Ideaport speaks, else English", () => {
    const headers = { "accept-language": "fr-CH, de;q=0.5" };
    expect(readerLanguage({ headers, caller: { language: "en" } })).toBe("en");
    expect(readerLanguage({ headers, caller: null })).toBe("de");
    expect(readerLanguage({ headers: { "accept-language": "fr, it" } })).toBe("en");
    expect(readerLanguage({ headers: {} })).toBe("en");
  });
});

describe("effectiveLanguage", () => {
  it("is the person's choice, else their company's default, else English, passing over tags it does not speak", () => {
    expect(effectiveLanguage("de", "en")).toBe("de");
    expect(effectiveLanguage(null, "de")).toBe("de");
    expect(effectiveLanguage("xx", "de")).toBe("de");
    expect(effectiveLanguage(null, "xx")).toBe("en");
    expect(effectiveLanguage(undefined)).toBe("en");
  });
});

describe("pageLanguage", () => {
  const landing = ["en", "de", "fr"];
  const login = ["en", "de"];

  it("is the browser's first language the page was built in, matched on the language alone, else English", () => {
    expect(pageLanguage({ headers: { "accept-language": "fr-CH, de;q=0.5" } }, landing)).toBe("fr");
    expect(pageLanguage({ headers: { "accept-language": "fr-CH, de;q=0.5" } }, login)).toBe("de");
    expect(pageLanguage({ headers: { "accept-language": "es, it;q=0.5" } }, landing)).toBe("en");
    expect(pageLanguage({ headers: {} }, landing)).toBe("en");
    expect(pageLanguage({ headers: {} }, ["de"])).toBe("de");
  });

  it("puts the language the web keeps in its cookie first, when the page speaks it", () => {
    const headers = { "accept-language": "de-DE,de;q=0.9" };
    expect(pageLanguage({ headers, cookies: { ideaport_language: "fr" } }, landing)).toBe("fr");
    expect(pageLanguage({ headers, cookies: { ideaport_language: "fr" } }, login)).toBe("de");
    expect(pageLanguage({ headers, cookies: { ideaport_language: "en" } }, login)).toBe("en");
    expect(pageLanguage({ headers, cookies: { ideaport_language: "" } }, login)).toBe("de");
  });
});
