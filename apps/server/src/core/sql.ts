import { Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** PostgreSQL's unique_violation, from either driver, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === "23505") {
      if (!constraint) return true;
      if (candidate.constraint === constraint) return true;
      return typeof candidate.message === "string" && candidate.message.includes(constraint);
    }
  }
  return false;
}

/** `column + by`: a counter moved by the statement itself, so moves made at the same time all count. */
export function increment(column: AnyPgColumn, by = 1): SQL {
  return sql`${column} + ${by}`;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `column = any($n::type[])`: the whole list is one parameter (a value or a placeholder), so one
 * statement serves a list of any length. An empty list matches nothing, like `in ()` would.
 */
export function equalsAny(column: AnyPgColumn, list: readonly string[] | Placeholder, type: "uuid" | "text"): SQL {
  const value = list instanceof Placeholder ? list : sql.param([...list]);
  return sql`${column} = any(${value}::${sql.raw(type)}[])`;
}

/**
 * A timestamp as the API writes it, in toISOString's form (UTC, milliseconds), formatted by the
 * database: the hot reads make no Date per value only to format it again. Null stays null.
 */
export function isoTimestamp<Nullable extends boolean = false>(
  column: AnyPgColumn,
): SQL<Nullable extends true ? string | null : string> {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
