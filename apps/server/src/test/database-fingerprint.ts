/**
 * A fingerprint of the whole database: for every table of the public schema, its row count and
 * an MD5 of all its rows. Two equal fingerprints mean no request wrote anything in between, so
 * tests can assert that a refused request (4xx) changed nothing, in any table.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

/**
 * Columns the mail outbox worker updates on its own (in the background, after a commit). They
 * are left out so a fingerprint sees what requests write, not when the worker got round to it.
 */
const BACKGROUND_COLUMNS: Record<string, readonly string[]> = {
  mail_outbox: ["status", "attempts", "last_error", "send_after", "sent_at"],
};

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

const queries = new WeakMap<Database, string>();

/** The fingerprint query, built once per database from the catalogue (every base table of `public`). */
async function fingerprintQuery(db: Database): Promise<string> {
  const cached = queries.get(db);
  if (cached) return cached;
  const { rows } = await db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position
  `);
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    if (BACKGROUND_COLUMNS[row.table_name]?.includes(row.column_name)) continue;
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  const query = [...columns]
    .map(([table, names]) => {
      const value = `concat_ws('\u001f', ${names.map((name) => `coalesce(${quote(name)}::text, '<null>')`).join(", ")})`;
      return `select '${table}' as name, count(*)::int as rows, md5(coalesce(string_agg(${value}, '\u001e' order by ${value}), '')) as hash from ${quote(table)}`;
    })
    .join(" union all ");
  queries.set(db, query);
  return query;
}

/** `{ table: "rows:md5" }` for every table of the database. */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const { rows } = await db.execute<{ name: string; rows: number; hash: string }>(sql.raw(await fingerprintQuery(db)));
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}

/** The tables whose fingerprint differs, for a readable failure message. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
