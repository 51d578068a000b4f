import { DEFAULT_PAGE_SIZE } from "@ideaport/shared";
import { and, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import { decodeCursor, encodeCursor } from "../lib/page-cursor.ts";

/**
 * Keyset pagination over (created_at desc, id desc), the order of the company list indexes.
 * The cursor carries created_at with its microseconds, so rows written in the same millisecond
 * (or by SQL defaults) are neither skipped nor repeated.
 */

/** created_at as text with all six fractional digits, in UTC. */
export function preciseTimestamp(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** `(created_at, id) < cursor`, or nothing without a cursor; a cursor not made here answers 400. */
export function afterCursor(cursor: string | undefined, createdAt: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  const key = cursorKeyOf(cursor);
  return key ? beforeKey(createdAt, id, key) : undefined;
}

/** The (created_at, id) a cursor carries, or undefined without one; a cursor not made here answers 400. */
export function cursorKeyOf(cursor: string | undefined): { time: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [time, id] = decodeCursor(cursor, ["timestamp", "uuid"]);
  return { time, id };
}

/**
 * `(created_at, id) < (time, id)`: the condition of `afterCursor`, with values or, in a prepared
 * statement, placeholders.
 */
export function beforeKey(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  key: { time: string | Placeholder; id: string | Placeholder },
): SQL {
  return sql`(${createdAt}, ${id}) < (${key.time}::timestamptz, ${key.id}::uuid)`;
}

/**
 * Cuts a page fetched with `limit + 1` rows and makes the cursor of the next one from the last
 * row's sort keys (by default its `sortKey` and `id`).
 */
export function pageOf<Row>(
  rows: Row[],
  limit: number,
  keysOf: (row: Row) => string[] = (row) => {
    const keyed = row as { sortKey: string; id: string };
    return [keyed.sortKey, keyed.id];
  },
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keysOf(last)) : null };
}

/**
 * A page of a list newest first: the rows of `query` (a dynamic select) that meet `conditions` and
 * follow the page's cursor, in the order (created_at desc, id desc) of `table`, cut by `pageOf`.
 */
export async function newestFirstPage<Row>(
  query: PgSelect,
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  conditions: Array<SQL | undefined>,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: Row[]; nextCursor: string | null }> {
  const rows = await query
    .where(and(...conditions, afterCursor(page.cursor, table.createdAt, table.id)))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(page.limit + 1);
  return pageOf(rows as Row[], page.limit);
}

/** The page a list query asks for: the one after its cursor, of its limit or the default page size. */
export function pageAsked(query: { cursor?: string; limit?: number }): { cursor: string | undefined; limit: number } {
  return { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE_SIZE };
}
