import type { Page } from "@playwright/test";

/**
 * Reading the pseudo-language build (docs/decisions.md, "The pseudo-language build"): FormatJS's
 * en-XA writes each letter accented (vowels twice) and the message in brackets, so a text with a
 * plain ASCII letter left, once data, numbers and dates are set aside, came from no catalogue.
 */

/** en-XA's letters, in the order of ASCII's a-z and A-Z (vowels a, e, o, u are written twice). */
const PSEUDO_LOWER = "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ";
const PSEUDO_UPPER = "ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ";
const TO_ASCII = new Map<string, string>();
for (let index = 0; index < 26; index++) {
  TO_ASCII.set(PSEUDO_LOWER[index] as string, String.fromCharCode(97 + index));
  TO_ASCII.set(PSEUDO_UPPER[index] as string, String.fromCharCode(65 + index));
}

/** A pseudo-language text read back in English ("[Şḗḗƞḓ]" reads "Send"); English stays English. */
export function unpseudo(text: string): string {
  const ascii = [...text].map((char) => TO_ASCII.get(char) ?? char).join("");
  if (ascii === text) return text;
  return ascii.replace(/([aeouAEOU])\1/g, "$1").replace(/[[\]]/g, "");
}

/** The month and weekday names, AM/PM and relative times `Intl` writes in English: dates, not texts. */
function dateWords(): RegExp {
  const words = new Set<string>(["AM", "PM"]);
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2026, month, 15));
    for (const style of ["long", "short"] as const) {
      words.add(new Intl.DateTimeFormat("en-US", { month: style, timeZone: "UTC" }).format(date));
      words.add(new Intl.DateTimeFormat("en-US", { weekday: style, timeZone: "UTC" }).format(date));
    }
  }
  const units = "(?:second|minute|hour|day|week|month|quarter|year)s?|sec\\.|min\\.|hr\\.|mo\\.|yr\\.";
  const relative = [
    `in \\d+ (?:${units})`,
    `\\d+ (?:${units}) ago`,
    "(?:last|next|this) (?:week|month|quarter|year)",
    "today",
    "tomorrow",
    "yesterday",
    "now",
  ];
  return new RegExp(
    `\\b(?:${[...relative, ...[...words].map((word) => word.replace(".", "\\."))].join("|")})\\b`,
    "gi",
  );
}

const DATE_WORDS = dateWords();
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const URL_TEXT = /\bhttps?:\/\/\S+/g;
/** Names that are no message: the product's own, and the video sites a news post names. */
const PROPER_NAMES = ["Ideaport", "YouTube", "Vimeo"];

/** A visible text of the page, with where it is. */
export interface SeenText {
  text: string;
  /** The nearest landmark or dialog and element, to find it: `dialog "…" > button`. */
  where: string;
}

/** Every visible text node of the page (or of `within`), trimmed, with where it is. */
export function visibleTexts(page: Page, within?: string): Promise<SeenText[]> {
  return page.evaluate((selector) => {
    // The last match: a dialog opened later lies later in the document.
    const root = selector ? [...document.querySelectorAll(selector)].at(-1) : document.body;
    if (!root) return [];
    const seen: Array<{ text: string; where: string }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, noscript, template")) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // A text marked as in a language of its own (a language's name in itself: "Deutsch") is no message.
      const tagged = parent.closest("[lang]");
      if (tagged && tagged !== document.documentElement) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const region = parent.closest("[role=dialog], [role=alertdialog], [role=menu], header, nav, main, footer");
      const label = region?.getAttribute("aria-label") ?? "";
      const regionName = region
        ? `${region.getAttribute("role") ?? region.tagName.toLowerCase()}${label ? ` "${label}"` : ""} > `
        : "";
      seen.push({ text, where: `${regionName}${parent.tagName.toLowerCase()}` });
    }
    return seen;
  }, within ?? null);
}

/** Decides which texts came from no catalogue, knowing the data the test seeded. */
export class CatalogueCheck {
  private readonly data: string[];
  /** The data without spaces: a page's excerpt of rendered Markdown spaces its parts its own way. */
  private readonly squeezedData: string[];

  /** `data`: the names, titles and other texts people typed that the pages may show. */
  constructor(data: Iterable<string>) {
    this.data = [...new Set([...data].map(plain))]
      .filter((text) => /[A-Za-z]/.test(text) && text.length >= 2)
      .sort((a, b) => b.length - a.length);
    this.squeezedData = this.data.map(squeezed);
  }

  /** True when the text is not (all) from a catalogue: a plain letter is left once data, dates and numbers are set aside. */
  isOffender(text: string): boolean {
    let rest = plain(text).replace(EMAIL, " ").replace(URL_TEXT, " ").trim();
    // A piece of a longer text someone typed (a paragraph of an idea's description, a news post's
    // excerpt ending in "…"), before and after the names and titles inside it are set aside.
    if (this.isPieceOfData(rest)) return false;
    for (const known of [...this.data, ...PROPER_NAMES]) if (rest.includes(known)) rest = rest.split(known).join(" ");
    rest = rest.trim();
    if (this.isPieceOfData(rest)) return false;
    rest = rest.replace(DATE_WORDS, " ").trim();
    if (!/[A-Za-z]/.test(rest)) return false;
    // Initials.
    return !/^[A-Z]{1,2}$/.test(rest);
  }

  /** Long enough not to be a word that happens to occur in what someone typed ("Save", "Cancel"). */
  private isPieceOfData(text: string): boolean {
    return text.length >= 12 && this.squeezedData.some((known) => known.includes(squeezed(text)));
  }
}

/** A text without its spaces and sentence marks: an excerpt ends each heading with a full stop and itself with "…". */
function squeezed(text: string): string {
  return text.replace(/[\s.!?:…]+/g, "");
}

/** The text an HTML fragment shows: tags dropped, the common entities decoded. */
function textOfHtml(html: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name] ?? "");
}

/** Typographic quotes and dashes as plain ones, so typed and rendered text compare alike. */
function plain(text: string): string {
  return text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
}

/** Every string a JSON answer holds under a key that names data people typed (not ids, codes, dates or server texts). */
export function dataStringsOf(value: unknown, key = ""): string[] {
  if (typeof value === "string") {
    const isData =
      !/(^id$|_id$|^ids?$|status|role|code|type|_at$|date|url|token|language|email|error|message|reason|sentence|kind|slug|color|icon|video|href|link|path|cursor)/i.test(
        key,
      ) && !/^[a-z0-9_.-]+$/.test(value);
    if (!isData) return [];
    // Rendered Markdown (`body_html`) is read as the text it shows, and as each element's text
    // (a bold word alone is shorter than a piece of data is told by).
    return key.endsWith("_html")
      ? [value, textOfHtml(value), ...textOfHtml(value.replace(/<[^>]*>/g, "\n")).split("\n")]
      : [value];
  }
  if (Array.isArray(value)) return value.flatMap((item) => dataStringsOf(item, key));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([name, item]) => dataStringsOf(item, name));
  }
  return [];
}

/** What a page or a dialog does wrong at its width: the page scrolls sideways, or a button's label is cut. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) problems.push(`the page is ${overflow} px wider than the screen`);
    const controls = document.querySelectorAll<HTMLElement>("button, [role=button], a[data-button], [role=tab]");
    for (const control of controls) {
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (control.textContent ?? "").replace(/\s+/g, " ").trim() || control.getAttribute("aria-label") || "";
      if (
        box.right > window.innerWidth + 1 &&
        !control.closest("[data-scroll-x], .mantine-ScrollArea-viewport, [style*=overflow]")
      ) {
        problems.push(`button "${name}" reaches past the screen's edge (${Math.round(box.right)} px)`);
        continue;
      }
      for (const part of [control, ...control.querySelectorAll<HTMLElement>("*")]) {
        const style = getComputedStyle(part);
        const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
        if (clips && part.scrollWidth > part.clientWidth + 1 && part.textContent?.trim()) {
          problems.push(`button "${name}" is cut (${part.scrollWidth} px of text in ${part.clientWidth} px)`);
          break;
        }
      }
    }
    return problems;
  });
}
