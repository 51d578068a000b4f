/**
 * PostgreSQL `LISTEN` over either driver, for live events that must cross instances: on
 * PostgreSQL a dedicated connection (a pooled one would be handed to other queries), reconnected
 * with backoff when it drops; on the embedded database PGlite's own `listen`, in process.
 * `pg_notify` sent inside a transaction is delivered only when that transaction commits.
 */
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DatabaseHandle } from "./types.ts";

export interface ChannelListener {
  /** Stops listening; a PostgreSQL connection is closed. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called with each payload sent to the channel (after its transaction committed). */
  onPayload(payload: string): void;
  /**
   * Called when a dropped PostgreSQL connection listens again: payloads sent meanwhile were
   * lost, so the caller catches up from its own records.
   */
  onReconnect?(): void;
  /** Where a dropped connection is reported. */
  logger?: { warn(object: object, message: string): void; info(message: string): void };
}

/** The first wait before listening again after the connection dropped; doubled up to the maximum. */
const RECONNECT_FIRST_DELAY_MS = 250;
const RECONNECT_MAX_DELAY_MS = 10_000;

/** Channel names are plain lower-case identifiers here, so they need no quoting in LISTEN. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Listens on `channel` of the database until `close()`; resolves once the first LISTEN is in
 * place, or, when PostgreSQL cannot be reached, at once, listening when it can (then `onReconnect`).
 */
export async function listenToChannel(
  database: DatabaseHandle,
  channel: string,
  options: ListenOptions,
): Promise<ChannelListener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  // Drizzle keeps the driver's client on `$client`: the PGlite instance, or the node-postgres pool.
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === "pglite") {
    const unlisten = await (client as PGlite).listen(channel, options.onPayload);
    return {
      async close() {
        if (!(client as PGlite).closed) await unlisten();
      },
    };
  }
  return listenOnPostgres((client as pg.Pool).options, channel, options);
}

async function listenOnPostgres(
  poolOptions: pg.PoolConfig,
  channel: string,
  options: ListenOptions,
): Promise<ChannelListener> {
  const { default: postgres } = await import("pg");
  let client: pg.Client | undefined;
  let isClosed = false;
  let delay = RECONNECT_FIRST_DELAY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // The pool's settings (address, credentials, time-outs), on a connection of its own.
    const next = new postgres.Client({ ...poolOptions, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) options.onPayload(message.payload ?? "");
    });
    const onLost = (error?: Error) => {
      if (client !== next || isClosed) return;
      client = undefined;
      options.logger?.warn({ err: error }, `Lost the PostgreSQL connection listening on ${channel}; reconnecting`);
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_FIRST_DELAY_MS;
  };

  const scheduleReconnect = () => {
    if (isClosed) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        if (isClosed) return;
        options.logger?.info(`Listening on ${channel} again`);
        options.onReconnect?.();
      } catch (error) {
        options.logger?.warn({ err: error }, `Could not listen on ${channel} yet; retrying`);
        delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS);
        scheduleReconnect();
      }
    }, delay);
    retryTimer.unref();
  };

  try {
    await connect();
  } catch (error) {
    // The server starts without its database (readiness says so); listening begins when it answers.
    options.logger?.warn({ err: error }, `Could not listen on ${channel} yet; retrying`);
    scheduleReconnect();
  }
  return {
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
