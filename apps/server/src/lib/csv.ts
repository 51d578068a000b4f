/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field quoted when
 * it holds a comma, a semicolon, a tab, a quote, a line break or leading or trailing space, its
 * quotes doubled. Spreadsheets in much of Europe split on semicolons, and some split on tabs, so
 * those are quoted too.
 *
 * A spreadsheet runs a cell starting with =, +, -, @, a tab or a carriage return as a formula. A
 * text starting so, or holding such a character after a separator (comma, semicolon, tab, line
 * break; spaces between are skipped) where a spreadsheet ignoring the quotes would start a cell,
 * gets an apostrophe before that character, so it shows as text (OWASP's CSV injection advice).
 */
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;
const FORMULA_AT_CELL_START = /(^|[,;\t\r\n])( *)([=+\-@\t\r])/g;

/** One field: null and undefined as empty, numbers as they are, texts escaped. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = value.replace(FORMULA_AT_CELL_START, "$1$2'$3");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, with its CRLF. */
export function csvLine(fields: ReadonlyArray<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
