/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field quoted when
 * it holds a comma, a quote, a line break or leading or trailing space, its quotes doubled.
 * A text starting with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe, so
 * a spreadsheet opening the file shows it as text instead of running it as a formula.
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: null and undefined as empty, numbers as they are, texts escaped. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, with its CRLF. */
export function csvLine(fields: ReadonlyArray<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
