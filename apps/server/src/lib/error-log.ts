/**
 * Errors as a log may show them: never with a value a query carried. A failed query's error holds
 * its values in several places: Drizzle's wrapper (its message "Failed query: … params: …", its
 * stack, `params`), PGlite's error (`params`, `query`) and PostgreSQL's own words (`detail`, such
 * as "Key (email)=(…) already exists", `where`, and a data error's message, such as
 * 'invalid input syntax for type uuid: "…"'). A logged error keeps its type, the driver's message
 * without quoted values, its SQLSTATE and the constraint, table or column concerned, and its stack
 * frames; nothing else.
 */

/** What a driver's error may tell about where it failed: names, never values. */
const SAFE_FIELDS = ["code", "constraint", "table", "column", "schema", "dataType", "severity", "routine"] as const;
/** A data error (SQLSTATE class 22) quotes the value it refused after a colon; that part goes. */
const QUOTED_VALUE = /: ".*$/s;
/** Drizzle's wrapper of a driver error: its message repeats the query and its values. */
const DRIZZLE_FAILED_QUERY = "Failed query:";

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error;
}

/** The error that says what went wrong: Drizzle's wrapper gives way to the driver's error it carries. */
function innermostQueryError(error: ErrorLike): ErrorLike {
  let current = error;
  while (current.message.startsWith(DRIZZLE_FAILED_QUERY) && isErrorLike(current.cause)) current = current.cause;
  return current;
}

/** A database's own error (pg's or PGlite's), which names its SQLSTATE and severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === "string" && typeof error.severity === "string";
}

/** The message without values: a failed query's wrapper says only that; a data error loses its quoted value. */
function safeMessage(error: ErrorLike): string {
  if (error.message.startsWith(DRIZZLE_FAILED_QUERY)) return "Failed query";
  return isDatabaseError(error) && String(error.code).startsWith("22")
    ? error.message.replace(QUOTED_VALUE, "")
    : error.message;
}

/** One line for a person to read: the message without values, with the SQLSTATE of a database error. */
export function describeError(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  const shown = innermostQueryError(error);
  return isDatabaseError(shown) ? `${safeMessage(shown)} (SQLSTATE ${shown.code})` : safeMessage(shown);
}

/** The error's stack: its type and message without values, then the frames. */
export function safeStack(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  return [`${error.name}: ${safeMessage(error)}`, ...frames].join("\n");
}

/** An error as a log record holds it (the shape Fastify's logger expects of an `err` serializer). */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Pino's `err` serializer: the error's type, its message without values, what failed, its stack frames and cause. */
export function serializeErrorForLog(error: Error, depth = 0): LoggedError {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: "" };
  const shown = innermostQueryError(error);
  const serialized: LoggedError = { type: error.name, message: safeMessage(shown), stack: safeStack(error) };
  for (const field of SAFE_FIELDS) {
    if (typeof shown[field] === "string" || typeof shown[field] === "number") serialized[field] = shown[field];
  }
  if (isErrorLike(shown.cause) && depth < 5) serialized.cause = serializeErrorForLog(shown.cause, depth + 1);
  return serialized;
}
