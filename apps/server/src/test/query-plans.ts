/** Reading PostgreSQL's plans in tests that pin a query to its index. */
import { type SQL, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../db/client.ts";

/** The plan PostgreSQL would run `statement` with, as EXPLAIN prints it (one line per node). */
export async function explain(db: Database, statement: SQL): Promise<string> {
  const result = await db.execute<Record<string, string>>(sql`explain ${statement}`);
  return result.rows.map((row) => Object.values(row)[0]).join("\n");
}

/** Asserts that `plan` reads `table` through `index` and never scans the whole table. */
export function expectIndexScan(plan: string, index: string, table: string): void {
  expect(plan, plan).toContain(index);
  expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
}
