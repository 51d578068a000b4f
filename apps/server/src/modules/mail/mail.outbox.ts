import type { Database } from "../../db/client.ts";
import type { MailOutboxRow } from "../../db/schema/index.ts";
import { claimDueMail, markMailFailed, markMailSent, scheduleMailRetry } from "./mail.repository.ts";
import type { Mailer, MailLogger } from "./mailer.ts";

/** Defaults of the worker; every one can be overridden in `startMailOutbox`. */
export const MAIL_OUTBOX_DEFAULTS = {
  intervalMs: 1_000,
  batchSize: 20,
  /** After this many failed attempts a row is marked failed and left for an operator. */
  maxAttempts: 10,
  /** The first retry waits this long; each later one twice as long, up to `maxBackoffMs`. */
  firstBackoffMs: 30_000,
  maxBackoffMs: 60 * 60 * 1000,
  /**
   * A claimed row is invisible to other workers for this long. A worker that dies mid-send
   * leaves the row pending; another worker sends it when the lease ends (at-least-once).
   */
  leaseMs: 5 * 60 * 1000,
} as const;

export interface MailOutboxOptions {
  db: Database;
  mailer: Mailer;
  logger: MailLogger;
  clock?: () => Date;
  /** How often the outbox is polled (default 1 s). */
  intervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  leaseMs?: number;
}

export interface MailOutbox {
  /** Sends what is due now instead of at the next poll (the plugin calls it when new mail is announced). */
  wake(): void;
  /** Claims and sends one batch of due mail; answers how many rows it handled. */
  runOnce(): Promise<number>;
  /** Stops polling, waits for the batch in flight and closes the mailer. */
  stop(): Promise<void>;
}

/** The delay before retry number `attempts` (1 = after the first failure). */
export function backoffDelayMs(attempts: number, firstBackoffMs: number, maxBackoffMs: number): number {
  return Math.min(firstBackoffMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

/**
 * Starts the outbox worker: it polls `mail_outbox`, claims due rows with `FOR UPDATE SKIP LOCKED`
 * (so several server instances never send one row twice at a time), sends them, marks them sent,
 * and retries failures with exponential backoff until `maxAttempts`, when the row is marked
 * failed. No row is ever deleted: the table is the record of what was sent.
 */
export function startMailOutbox(options: MailOutboxOptions): MailOutbox {
  const settings = { ...MAIL_OUTBOX_DEFAULTS, ...definedOnly(options) };
  const { db, mailer, logger } = options;
  const clock = options.clock ?? (() => new Date());

  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let runAgain = false;
  let isStopped = false;

  /** New mail (never attempted) is due at once; a retry waits for its backoff. */
  async function claimDueRows(): Promise<MailOutboxRow[]> {
    const now = clock();
    return claimDueMail(db, {
      now,
      batchSize: settings.batchSize,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
    });
  }

  async function deliver(row: MailOutboxRow): Promise<void> {
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers });
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    await markMailSent(db, row.id, clock());
  }

  async function recordFailure(row: MailOutboxRow, error: unknown): Promise<void> {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const details = { mailId: row.id, to: row.to, subject: row.subject, attempts: row.attempts, error: lastError };
    if (row.attempts >= settings.maxAttempts) {
      await markMailFailed(db, row.id, lastError);
      logger.error(details, `e-mail given up after ${row.attempts} attempts`);
      return;
    }
    const delay = backoffDelayMs(row.attempts, settings.firstBackoffMs, settings.maxBackoffMs);
    await scheduleMailRetry(db, row.id, lastError, new Date(clock().getTime() + delay));
    logger.warn({ ...details, retryInMs: delay }, "e-mail could not be sent; it will be retried");
  }

  async function runOnce(): Promise<number> {
    const rows = await claimDueRows();
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  function schedule(delayMs: number) {
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (isStopped) return;
    if (inFlight) {
      runAgain = true;
      return;
    }
    inFlight = (async () => {
      try {
        // A full batch suggests more is waiting: keep going until the outbox is drained.
        while (!isStopped && (await runOnce()) === settings.batchSize) {}
      } catch (error) {
        if (!isStopped) logger.error({ err: error }, "mail outbox run failed");
      }
    })().finally(() => {
      inFlight = undefined;
      if (runAgain) {
        runAgain = false;
        schedule(0);
      } else {
        schedule(settings.intervalMs);
      }
    });
  }

  schedule(settings.intervalMs);

  return {
    wake() {
      if (isStopped) return;
      if (inFlight) runAgain = true;
      else schedule(0);
    },
    runOnce,
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await inFlight;
      mailer.close();
    },
  };
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
