/**
 * The node-postgres side of the database client (client.ts), in its own module so that `pg` loads
 * only when DATABASE_URL is set.
 */
import {
  DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  DATABASE_STATEMENT_TIMEOUT_MS,
} from "@ideaport/shared";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { DatabaseHandle, OpenDatabaseOptions } from "./types.ts";
import { createPing } from "./unavailable.ts";

/**
 * A node-postgres pool with time-outs, so a database that accepts connections but never answers
 * fails requests within seconds instead of hanging them. It does not connect until first used.
 */
export function createPostgresHandle(
  databaseUrl: string,
  options: Pick<OpenDatabaseOptions, "poolSize" | "connectTimeoutMs" | "statementTimeoutMs"> = {},
): DatabaseHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_STATEMENT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // The client-side guard for a server that stops answering mid-session; later than the
    // statement time-out, so a live server's own cancellation arrives first.
    query_timeout: statementTimeoutMs + connectTimeoutMs,
  });
  let closed = false;
  // An idle client losing its connection (server restart, network) emits on the pool; without a
  // listener that would crash the process, while the pool simply replaces the client.
  pool.on("error", (error) => {
    if (!closed) console.error(`PostgreSQL connection error: ${error.message}`);
  });
  const db = drizzleNodePostgres({ client: pool });
  return {
    db,
    driver: "postgres",
    ping: createPing(pool),
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // A script of several statements answers one result per statement.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
