/**
 * The reads and writes of one row that every repository makes: the first row a select finds,
 * whether a row exists, a new row's id, and a row of a company-owned table (one with `id` and
 * `company_id`), addressed by its id and its company together, so an id of another company finds,
 * changes and deletes nothing and the service answers 404.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgColumn, PgInsertValue, PgSelect, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";

/** A table with an `id` primary key. */
export type TableWithId = PgTable & { id: PgColumn };

/** A table whose rows belong to a company. */
export type CompanyTable = TableWithId & { companyId: PgColumn };

/** The first row of `query` (a dynamic select, with its columns and joins) that meets `condition`, or undefined. */
export async function findFirst<Row>(query: PgSelect, condition: SQL | undefined): Promise<Row | undefined> {
  const [row] = await query.where(condition).limit(1);
  return row as Row | undefined;
}

/**
 * `id = rowId and company_id = companyId`: the row `rowId` when it belongs to the company. With
 * columns, the join along a link of one company's rows (the composite keys of `ofSameCompany`).
 */
export function isRowOfCompany(table: CompanyTable, companyId: string | AnyPgColumn, rowId: string | AnyPgColumn): SQL {
  return and(eq(table.id, rowId), eq(table.companyId, companyId))!;
}

/** True when `table` has a row that meets `condition`. */
export async function hasRow(db: Database, table: TableWithId, condition: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id as PgColumn })
    .from(table as TableWithId)
    .where(condition)
    .limit(1);
  return row !== undefined;
}

/**
 * A row of the company, or null (unknown, or another company's); with `forUpdate`, locked until
 * the transaction ends.
 */
export async function findRowOfCompany<Table extends CompanyTable>(
  db: Database,
  table: Table,
  companyId: string,
  rowId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Table["$inferSelect"] | null> {
  const query = db
    .select()
    .from(table as CompanyTable)
    .where(isRowOfCompany(table, companyId, rowId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return (row as Table["$inferSelect"] | undefined) ?? null;
}

/** Changes a row of the company; a row of another company is left as it is. */
export async function updateRowOfCompany<Table extends CompanyTable>(
  db: Database,
  table: Table,
  companyId: string,
  rowId: string,
  changes: PgUpdateSetSource<Table>,
): Promise<void> {
  await db
    .update(table)
    .set(changes)
    .where(isRowOfCompany(table, companyId, rowId));
}

/** Deletes a row of the company; a row of another company is left as it is. */
export async function deleteRowOfCompany(
  db: Database,
  table: CompanyTable,
  companyId: string,
  rowId: string,
): Promise<void> {
  await db.delete(table).where(isRowOfCompany(table, companyId, rowId));
}

/** Stores a row; answers its id. */
export async function insertReturningId<Table extends TableWithId>(
  db: Database,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<string> {
  const [row] = await db
    .insert(table)
    .values(values)
    .returning({ id: table.id as PgColumn });
  return row!.id as string;
}
