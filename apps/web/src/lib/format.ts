import { formatLocale } from "./i18n.ts";

/**
 * Dates, times, numbers, points, lists and relative times as people read them, all on `Intl`,
 * in the reader's locale: every function takes the value and an optional locale, and without one
 * follows `formatLocale()` (the language the app speaks, in the browser's own region when it has
 * one for that language). Call them where the text is rendered, so a language switch reaches them.
 */

/** An instant as an ISO text, milliseconds or a Date. */
export type Instant = string | number | Date;

type AnyFormat = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat;

const formats = new Map<string, AnyFormat>();

/** One formatter per kind, locale and options, built on first use: building one is far slower than using it. */
function cachedFormat<Format extends AnyFormat>(
  kind: string,
  locale: string,
  options: object,
  build: () => Format,
): Format {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  const known = formats.get(key) as Format | undefined;
  if (known) return known;
  const format = build();
  formats.set(key, format);
  return format;
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormat("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cachedFormat("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

function relativeTimeFormat(locale: string): Intl.RelativeTimeFormat {
  const options: Intl.RelativeTimeFormatOptions = { numeric: "auto" };
  return cachedFormat("relative", locale, options, () => new Intl.RelativeTimeFormat(locale, options));
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

/** A day, 'Mar 14, 2026' (en-US), '14.03.2026' (de-DE). */
export function formatDate(value: Instant, locale: string = formatLocale()): string {
  return formatInstant(value, dateTimeFormat(locale, { dateStyle: "medium" }));
}

/** A day in full words, 'Saturday, March 14, 2026' (en-US), 'Samstag, 14. März 2026' (de-DE). */
export function formatFullDate(value: Instant, locale: string = formatLocale()): string {
  return formatInstant(value, dateTimeFormat(locale, { dateStyle: "full" }));
}

/** A day and time, 'Mar 14, 2026, 9:30 AM' (en-US), '14.03.2026, 09:30' (de-DE). */
export function formatDateTime(value: Instant, locale: string = formatLocale()): string {
  return formatInstant(value, dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }));
}

/** A time of day, '9:30 AM' (en-US), '09:30' (de-DE). */
export function formatTime(value: Instant, locale: string = formatLocale()): string {
  return formatInstant(value, dateTimeFormat(locale, { timeStyle: "short" }));
}

/** A day and time in digits with seconds, '3/14/2026, 9:30:00 AM' (en-US), '14.3.2026, 09:30:00' (de-DE). */
export function formatNumericDateTime(value: Instant, locale: string = formatLocale()): string {
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

/** A clock's time with seconds, '09:30:05 AM' (en-US), '09:30:05' (de-DE). */
export function formatClockTime(value: Instant, locale: string = formatLocale()): string {
  return formatInstant(value, dateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" }));
}

/** A calendar day without a time zone: `2026-03-14`. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day without a time zone (`2026-03-14`, as due dates are kept), 'Mar 14, 2026'
 * (en-US) wherever the reader is: the day is never moved into the reader's time zone, which would
 * show the day before west of UTC. A text that is not such a day comes back as it was.
 */
export function formatCalendarDay(day: string, locale: string = formatLocale()): string {
  const date = CALENDAR_DAY.test(day) ? toValidDate(`${day}T00:00:00Z`) : null;
  return date ? dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date) : day;
}

/** A calendar day in full words wherever the reader is, 'Saturday, March 14, 2026' (en-US). */
export function formatFullCalendarDay(day: string, locale: string = formatLocale()): string {
  const date = CALENDAR_DAY.test(day) ? toValidDate(`${day}T00:00:00Z`) : null;
  return date ? dateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(date) : day;
}

/** `YYYY-MM-DD` of a date's day in the reader's own time zone. */
export function localDayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The calendar day a challenge date means (`YYYY-MM-DD`). A challenge's start or deadline given as
 * a day is kept as the first (start) or last (deadline) millisecond of that day in UTC
 * (`challengeInstant`); that day is the deadline everywhere, so it is read back in UTC: "Mar 14"
 * stays Mar 14 in Berlin and in New York. A date given with a time is a moment, read in the
 * reader's own time zone. Null for a text that names no instant.
 */
export function challengeDayOf(instant: Instant): string | null {
  const date = toValidDate(instant);
  if (!date) return null;
  const iso = date.toISOString();
  if (iso.endsWith("T00:00:00.000Z") || iso.endsWith("T23:59:59.999Z")) return iso.slice(0, 10);
  return localDayOf(date);
}

/** Whole calendar days from the reader's today to a calendar day (`YYYY-MM-DD`): 0 today, 1 tomorrow, -1 yesterday. */
export function daysFromToday(day: string, now: Date = new Date()): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Math.round((Date.UTC(year, month - 1, date) - Date.parse(`${localDayOf(now)}T00:00:00Z`)) / 86_400_000);
}

/** A number with the locale's grouping, '12,345.6' (en-US), '12.345,6' (de-DE). */
export function formatNumber(value: number, locale: string = formatLocale()): string {
  return numberFormat(locale, {}).format(value);
}

/**
 * Points as a number, grouped: '1,250' (en-US), '1.250' (de-DE); with `signed`, a change in the
 * points history: '+20', '−5' ('0' stays unsigned).
 */
export function formatPoints(points: number, { signed = false } = {}, locale: string = formatLocale()): string {
  return numberFormat(locale, { maximumFractionDigits: 0, signDisplay: signed ? "exceptZero" : "auto" }).format(points);
}

/** A share from 0 to 1 as a percentage with at most one decimal, '42.9%' (en-US), '42,9 %' (de-DE). */
export function formatPercent(share: number, locale: string = formatLocale()): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** Days from today in words: 'today', 'tomorrow', 'in 3 days', 'yesterday' (en-US); 'heute', 'morgen' (de-DE). */
export function formatRelativeDays(days: number, locale: string = formatLocale()): string {
  return relativeTimeFormat(locale).format(days, "day");
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest unit that fits a distance in time, and how many of it (rounded towards zero). */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * DAY],
  ["month", 30 * DAY],
  ["week", 7 * DAY],
  ["day", DAY],
  ["hour", HOUR],
  ["minute", MINUTE],
  ["second", SECOND],
];

/**
 * An instant relative to now in the largest unit that fits: '3 days ago', 'in 2 hours',
 * 'yesterday', 'now' (en-US); 'vor 3 Tagen', 'in 2 Stunden', 'gestern', 'jetzt' (de-DE). Less
 * than a minute away is 'now'. A text that names no instant comes back as it was.
 */
export function formatRelativeTime(value: Instant, now: Date = new Date(), locale: string = formatLocale()): string {
  const date = toValidDate(value);
  if (!date) return String(value);
  const distance = date.getTime() - now.getTime();
  const format = relativeTimeFormat(locale);
  if (Math.abs(distance) < MINUTE) return format.format(0, "second");
  for (const [unit, size] of UNITS) {
    if (Math.abs(distance) >= size) return format.format(Math.trunc(distance / size), unit);
  }
  return format.format(0, "second");
}

/**
 * Items as a list in words: 'ideas, comments, and points' (en-US), 'Ideen, Kommentare und Punkte'
 * (de-DE); `or` for alternatives: 'a, b, or c'.
 */
export function formatList(
  items: readonly string[],
  { type = "conjunction" }: { type?: "conjunction" | "disjunction" } = {},
  locale: string = formatLocale(),
): string {
  const options: Intl.ListFormatOptions = { style: "long", type };
  return cachedFormat("list", locale, options, () => new Intl.ListFormat(locale, options)).format(items);
}
