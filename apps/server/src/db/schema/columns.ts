/** Column and constraint helpers every table file uses. */
import type { Language } from "@ideaport/shared";
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, type ExtraConfigColumn, foreignKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid("id").primaryKey().defaultRandom();

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** When a row was made and last changed, spread at the end of a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** The names a person goes by, as they gave them: first and last. */
export const personNames = () => ({
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
});

export const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A language tag (`en`, `de`). No CHECK keeps it to today's LANGUAGES, so that adding a language
 * needs no migration: the API accepts only LANGUAGES, and a reader falls back past any other value.
 */
export const language = (name: string) => text(name).$type<Language>();

/**
 * A descending index key usable by a plain `ORDER BY column DESC`, which PostgreSQL sorts with
 * nulls first; drizzle-kit writes a bare `.desc()` as DESC NULLS LAST, which such a query cannot use.
 */
export function descending(column: ExtraConfigColumn) {
  return column.desc().nullsFirst();
}

/** `column IN ('a', 'b')` for a CHECK constraint; the values are our own constants, never input. */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** `lower(column) = lower(value)`: the form that uses the case-insensitive unique indexes. */
export function matchesIgnoringCase(column: AnyPgColumn, value: string): SQL {
  return sql`lower(${column}) = lower(${value})`;
}

/**
 * The composite link `(column, company_id) -> target(id, company_id)` of a row to another row of a
 * company: the database itself refuses a row that links two companies.
 */
export function ofSameCompany(
  name: string,
  column: AnyPgColumn,
  companyIdColumn: AnyPgColumn,
  target: { id: AnyPgColumn; companyId: AnyPgColumn },
) {
  return foreignKey({ name, columns: [column, companyIdColumn], foreignColumns: [target.id, target.companyId] });
}
