import { PRIMARY_COLOR } from "@ideaport/shared";
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";
import { mixColors } from "../lib/color.ts";

/**
 * Ten shades around the spec's primary colour #4361ee, which sits exactly at shade 6, the shade
 * Mantine uses for filled buttons and links in the light scheme. White on it is 4.9:1 (WCAG AA).
 */
export const BRAND_COLORS: MantineColorsTuple = [
  mixColors(PRIMARY_COLOR, "#ffffff", 0.92),
  mixColors(PRIMARY_COLOR, "#ffffff", 0.82),
  mixColors(PRIMARY_COLOR, "#ffffff", 0.64),
  mixColors(PRIMARY_COLOR, "#ffffff", 0.46),
  mixColors(PRIMARY_COLOR, "#ffffff", 0.28),
  mixColors(PRIMARY_COLOR, "#ffffff", 0.12),
  PRIMARY_COLOR,
  mixColors(PRIMARY_COLOR, "#000000", 0.12),
  mixColors(PRIMARY_COLOR, "#000000", 0.24),
  mixColors(PRIMARY_COLOR, "#000000", 0.36),
];

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: 6,
  colors: { brand: BRAND_COLORS },
  autoContrast: true,
  defaultRadius: "md",
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  focusRing: "auto",
  cursorType: "pointer",
});

/**
 * Mantine's default error text (red.6) and dimmed text (gray.6) are about 3.3:1 on white, under
 * WCAG AA's 4.5:1 for body text; one shade darker each keeps every message readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
  },
  dark: {},
});
