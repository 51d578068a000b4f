import { PRIMARY_COLOR } from "@ideaport/shared";
import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "../lib/color.ts";
import { BRAND_COLORS, cssVariablesResolver, READABLE_COLORS, theme } from "./theme.ts";

const WCAG_AA_TEXT = 4.5;

describe("theme", () => {
  it("builds the primary colour around #4361ee at the shade Mantine uses for filled controls", () => {
    expect(theme.primaryColor).toBe("brand");
    expect(theme.primaryShade).toBe(6);
    expect(BRAND_COLORS[6]).toBe(PRIMARY_COLOR);
  });

  it("meets WCAG AA for white text on the primary colour and its darker shades", () => {
    for (const shade of [6, 7, 8, 9] as const) {
      expect(contrastRatio("#ffffff", BRAND_COLORS[shade])).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    }
    expect(contrastRatio("#ffffff", PRIMARY_COLOR)).toBeCloseTo(4.9, 0);
  });

  it("meets WCAG AA for primary-coloured links and secondary text on white", () => {
    expect(contrastRatio(BRAND_COLORS[6], "#ffffff")).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[7], "#ffffff")).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });

  it("meets WCAG AA for the white unread count on its red badge", () => {
    expect(contrastRatio("#ffffff", DEFAULT_THEME.colors.red[9])).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });

  it("darkens Mantine's error and dimmed text to meet WCAG AA", () => {
    const { light } = cssVariablesResolver(DEFAULT_THEME);
    expect(light["--mantine-color-error"]).toBe("var(--mantine-color-red-9)");
    expect(light["--mantine-color-dimmed"]).toBe("var(--mantine-color-gray-7)");
    expect(contrastRatio(DEFAULT_THEME.colors.red[6], "#ffffff")).toBeLessThan(WCAG_AA_TEXT);
  });

  it("darkens each palette's shade 9 until it reads at WCAG AA on white and on its light tint", () => {
    for (const [name, shades] of Object.entries(READABLE_COLORS)) {
      expect(theme.colors?.[name], name).toBe(shades);
      for (const background of ["#ffffff", shades[0], shades[1]]) {
        expect(contrastRatio(shades[9], background), `${name}.9 on ${background}`).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
      }
    }
    // Mantine's own orange.9 on its tint, as a "Revision requested" alert title showed it.
    expect(contrastRatio(DEFAULT_THEME.colors.orange[9], DEFAULT_THEME.colors.orange[1])).toBeLessThan(WCAG_AA_TEXT);
    expect(READABLE_COLORS.blue).toEqual(DEFAULT_THEME.colors.blue);
  });

  it("makes light shades light and dark shades dark", () => {
    const luminanceOrder = BRAND_COLORS.map((color) => contrastRatio(color, "#000000"));
    expect([...luminanceOrder].sort((a, b) => b - a)).toEqual(luminanceOrder);
  });
});
