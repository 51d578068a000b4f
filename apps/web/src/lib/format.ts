/**
 * Dates, times, numbers and relative days as people read them, all on `Intl`. Every function
 * takes the value and an optional locale; without one it follows CURRENT_LOCALE, so making the
 * app speak the person's language changes that one value.
 */

/** The locale every format follows: undefined is the browser's own language. */
export const CURRENT_LOCALE: string | undefined = undefined;

/** An instant as an ISO text, milliseconds or a Date. */
export type Instant = string | number | Date;

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

/** One formatter per kind, locale and options, built on first use: building one is far slower than using it. */
function cachedFormat<Format extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object,
  build: () => Format,
): Format {
  const key = `${kind}|${locale ?? ""}|${JSON.stringify(options)}`;
  const known = formats.get(key) as Format | undefined;
  if (known) return known;
  const format = build();
  formats.set(key, format);
  return format;
}

function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormat("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cachedFormat("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

/** The Date an instant names, or null when it names none. */
export function toValidDate(value: Instant): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats a valid instant; a text that names no instant comes back as it was. */
function formatInstant(value: Instant, format: Intl.DateTimeFormat): string {
  const date = toValidDate(value);
  return date ? format.format(date) : String(value);
}

/** A day, 'Mar 14, 2026' (en-US). */
export function formatDate(value: Instant, locale: string | undefined = CURRENT_LOCALE): string {
  return formatInstant(value, dateTimeFormat(locale, { dateStyle: "medium" }));
}

/** A day in full words, 'Saturday, March 14, 2026' (en-US). */
export function formatFullDate(value: Instant, locale: string | undefined = CURRENT_LOCALE): string {
  return formatInstant(value, dateTimeFormat(locale, { dateStyle: "full" }));
}

/** A day and time, 'Mar 14, 2026, 9:30 AM' (en-US). */
export function formatDateTime(value: Instant, locale: string | undefined = CURRENT_LOCALE): string {
  return formatInstant(value, dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }));
}

/** A day and time in digits with seconds, '3/14/2026, 9:30:00 AM' (en-US). */
export function formatNumericDateTime(value: Instant, locale: string | undefined = CURRENT_LOCALE): string {
  return formatInstant(
    value,
    dateTimeFormat(locale, {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }),
  );
}

/** A clock's time with seconds, '09:30:05 AM' (en-US). */
export function formatClockTime(value: Instant, locale: string | undefined = CURRENT_LOCALE): string {
  return formatInstant(value, dateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" }));
}

/**
 * A calendar day without a time zone (`2026-03-14`), 'Mar 14, 2026' (en-US) wherever the reader
 * is; a text that is not such a day comes back as it was.
 */
export function formatCalendarDay(day: string, locale: string | undefined = CURRENT_LOCALE): string {
  const date = toValidDate(`${day}T00:00:00Z`);
  return date ? dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date) : day;
}

/** A number with the locale's grouping, '12,345.6' (en-US). */
export function formatNumber(value: number, locale: string | undefined = CURRENT_LOCALE): string {
  return numberFormat(locale, {}).format(value);
}

/** A share from 0 to 1 as a percentage with at most one decimal, '42.9%' (en-US). */
export function formatPercent(share: number, locale: string | undefined = CURRENT_LOCALE): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** Days from today in words: 'today', 'tomorrow', 'in 3 days', 'yesterday' (en-US). */
export function formatRelativeDays(days: number, locale: string | undefined = CURRENT_LOCALE): string {
  const options: Intl.RelativeTimeFormatOptions = { numeric: "auto" };
  return cachedFormat("relative", locale, options, () => new Intl.RelativeTimeFormat(locale, options)).format(
    days,
    "day",
  );
}
