/**
 * The one keyset cursor codec of every paginated list: an opaque base64url JSON array of the
 * last row's sort key. Decoding checks every field, so a cursor this server did not make answers
 * 400 before it reaches a query, never a database error.
 */
import { AppError, CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, defineMessage } from "@ideaport/shared";

/**
 * What a cursor field holds: `timestamp` a created_at with all six fractional digits in UTC
 * (`2026-11-22T09:00:00.123456Z`), `uuid` a row id, `text` a sort text (a lower-cased name),
 * `count` a whole number of 0 or more (a vote count, a trending score), `decimal` a number of 0 or
 * more with up to six decimals (an idea's weighted score).
 */
export type CursorField = "timestamp" | "uuid" | "text" | "count" | "decimal";

const PRECISE_TIMESTAMP = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** Up to 18 digits: within a bigint. */
const COUNT_PATTERN = /^(0|[1-9]\d{0,17})$/;
const DECIMAL_PATTERN = /^(0|[1-9]\d{0,5})(\.\d{1,6})?$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Longer than any name the lists sort by. */
const CURSOR_TEXT_MAX_LENGTH = 200;
/** UTF-16 halves without their other half, which UTF-8 cannot carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Makes the cursor of the page after the row whose sort key is `key`. */
export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * Reads a cursor made by `encodeCursor` whose fields are `fields`, in order; anything else (not
 * base64url, not such an array, an impossible date such as 2026-02-31, a year outside the
 * calendar range, a malformed id, text PostgreSQL cannot hold) answers 400.
 */
export function decodeCursor<const Fields extends readonly CursorField[]>(
  cursor: string,
  fields: Fields,
): { [Index in keyof Fields]: string } {
  if (!BASE64URL.test(cursor)) throw invalidCursorError();
  const bytes = Buffer.from(cursor, "base64url");
  // Node skips characters it cannot decode; only a cursor that encodes back to itself is ours.
  if (bytes.toString("base64url") !== cursor) throw invalidCursorError();
  let key: unknown;
  try {
    key = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw invalidCursorError();
  }
  if (!Array.isArray(key) || key.length !== fields.length) throw invalidCursorError();
  fields.forEach((field, index) => {
    if (!isValidField(field, key[index])) throw invalidCursorError();
  });
  return key as { [Index in keyof Fields]: string };
}

function isValidField(field: CursorField, value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (field === "uuid") return UUID_PATTERN.test(value);
  if (field === "count") return COUNT_PATTERN.test(value);
  if (field === "decimal") return DECIMAL_PATTERN.test(value);
  // PostgreSQL text cannot hold NUL.
  if (field === "text")
    return value.length <= CURSOR_TEXT_MAX_LENGTH && !value.includes("\0") && !LONE_SURROGATE.test(value);
  return isPreciseTimestamp(value);
}

/** A real instant within the calendar range: the text, to the millisecond, survives Date and back. */
function isPreciseTimestamp(text: string): boolean {
  const match = PRECISE_TIMESTAMP.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) return false;
  const toMilliseconds = `${text.slice(0, 23)}Z`;
  const parsed = new Date(toMilliseconds);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === toMilliseconds;
}

const CURSOR_INVALID = defineMessage({ id: "server.pageCursor.invalid", defaultMessage: "Invalid cursor." });

/** The 400 for a cursor that was not made by this server. */
export function invalidCursorError(): AppError {
  return new AppError("request.cursor_invalid", { fields: { cursor: CURSOR_INVALID } });
}
