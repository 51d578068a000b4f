import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * What `db.execute()` answers: both drivers return `{ rows }` (PGlite `Results`, node-postgres
 * `QueryResult`), so raw queries are typed by their rows instead of `unknown`.
 */
export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}

/** The part of a raw query result both drivers share. */
export interface QueryRows<Row> {
  rows: Row[];
}

/**
 * A Drizzle database over either driver; services take this type, with `execute()` results typed.
 * Without the relational query API (`db.query.<table>`): nothing uses it, and building its map of
 * the schema cost every start some 50 ms.
 */
export type Database = PgDatabase<DatabaseQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Resolves when the database answers a trivial query (health checks); with `timeoutMs`, rejects
   * with a DatabaseUnavailableError when it has not answered by then.
   */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Runs raw SQL outside Drizzle, for libraries that bring their own (the job queue, pg-boss):
   * with values, one parameterized statement; without, any number of statements (PGlite runs
   * those with `exec`), answering the rows of the last one.
   */
  executeSql(text: string, values?: unknown[]): Promise<QueryRows<Record<string, unknown>>>;
  /** Closes the connections (or the PGlite instance) and releases the data directory lock. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://...`: use node-postgres. Takes precedence over everything else. */
  databaseUrl?: string;
  /** The application data directory; PGlite keeps its cluster in `<dataDir>/pglite`. */
  dataDir?: string;
  /** Pool size for node-postgres (default 10). */
  poolSize?: number;
  /** node-postgres: how long opening a connection may take (default DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** node-postgres: PostgreSQL cancels a statement running longer (default DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** An existing PGlite instance; the handle takes ownership and closes it on close(). */
  pglite?: PGlite;
}
