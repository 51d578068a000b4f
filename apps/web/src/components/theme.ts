import { PRIMARY_COLOR } from "@ideaport/shared";
import {
  type ComboboxProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MenuProps,
  type ModalProps,
} from "@mantine/core";
import { contrastRatio, mixColors } from "../lib/color.ts";
import { t } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

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

const WCAG_AA_TEXT = 4.5;

/**
 * A palette whose shade 9 reads at WCAG AA (4.5:1) on white and on its own shades 0 and 1: Mantine's
 * light variants (alerts, badges) write in shade 9 on that tint, and the app writes coloured text
 * and fills Approve buttons in shade 9. Mantine's teal, green, lime, yellow and orange fall short
 * (orange.9 is 3.6:1 on its tint); their shade 9 is darkened towards black in 5% steps until it passes.
 */
export function withReadableDarkestShade(shades: MantineColorsTuple): MantineColorsTuple {
  const [shade0, shade1, shade2, shade3, shade4, shade5, shade6, shade7, shade8, shade9] = shades;
  const backgrounds = ["#ffffff", shade0, shade1];
  let darkest = shade9;
  let towardsBlack = 0;
  while (backgrounds.some((background) => contrastRatio(darkest, background) < WCAG_AA_TEXT)) {
    towardsBlack += 0.05;
    darkest = mixColors(shade9, "#000000", towardsBlack);
  }
  return [shade0, shade1, shade2, shade3, shade4, shade5, shade6, shade7, shade8, darkest];
}

/** Mantine's palettes, each with a readable shade 9. */
export const READABLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, withReadableDarkestShade(shades)]),
);

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: 6,
  colors: { ...READABLE_COLORS, brand: BRAND_COLORS },
  autoContrast: true,
  defaultRadius: "md",
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  focusRing: "auto",
  cursorType: "pointer",
  components: {
    // An icon-only button needs a name: every dialog's close button says "Close" unless the
    // dialog names it more precisely ("Close idea").
    // Plain objects (what `Modal.extend` returns): importing Modal or Menu here would put their code
    // in every page's initial JavaScript, though only some screens open a dialog or a menu.
    // The name is read when a dialog renders (Mantine spreads these props then), so it is in the
    // reader's language of that moment.
    Modal: {
      defaultProps: {
        closeButtonProps: {
          get "aria-label"() {
            return t(COMPONENT_TEXTS.close);
          },
        },
      } satisfies Partial<ModalProps>,
    },
    // A label longer than its room (German, or any language's long words on a phone) wraps onto
    // another line instead of being cut: never narrower than its longest word nor wider than its
    // container; a one-line button keeps its height.
    Button: {
      styles: {
        root: {
          height: "auto",
          minHeight: "var(--button-height)",
          paddingBlock: 4,
          minWidth: "min-content",
          maxWidth: "100%",
        },
        label: { whiteSpace: "normal" },
      },
    },
    SegmentedControl: { styles: { root: { maxWidth: "100%" }, label: { whiteSpace: "normal" } } },
    // A heading of one long compound word ("Unternehmenseinstellungen" at a title's size) breaks,
    // hyphenated where the browser knows the language's rules, rather than widen a phone's page.
    Title: { styles: { root: { overflowWrap: "anywhere", hyphens: "auto" } } },
    // A menu holds menu items only: Mantine's focus placeholder is a focusable "presentation"
    // element inside role="menu". Without it, opening a menu focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // A select's list is positioned while hidden, so it first shows beside its field, past the
    // screen's right edge. Placed absolutely, that widens the page; a phone then lays the page out
    // wider, the list moves, the page narrows again, and the list never settles to take a tap.
    // Placed fixed, it widens nothing and settles under its field at once.
    Combobox: { defaultProps: { floatingStrategy: "fixed" } satisfies Partial<ComboboxProps> },
  },
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
