/**
 * Live notifications: `GET /api/notifications/stream/` (Server-Sent Events) carries a person's new
 * notifications to every page they have open, on whichever instance it is connected to.
 *
 * `notify()` sends one `pg_notify` per row, inside the transaction that writes it, carrying only
 * the row's id and recipient (NOTIFY payloads are capped at 8000 bytes, and the row is the truth).
 * Every instance listens on the channel; one with an open stream for that recipient loads the row,
 * scoped by the recipient and their company, presents it exactly as the list does, and sends it.
 *
 * Each event's id is the stream's high-water mark: the largest (created_at, id) key sent so far.
 * A reconnecting client sends it back as Last-Event-ID and gets every later row before live ones.
 * Rows already sent are remembered by id, so a row that both a replay and a live message bring
 * goes out once.
 *
 * A stream lives no longer than its session: it ends at its access token's expiry, and whatever
 * ends a person's sessions or changes their role (sign-out, password change or reset,
 * deactivation, a detected stolen refresh token, a new role) announces it on the same channel, in
 * its transaction, so every instance closes that person's streams as it commits. The client
 * reconnects, and is authenticated again. A person holds at most NOTIFICATION_STREAMS_PER_PERSON
 * streams across instances (each open and close is announced on the channel too); a newer one
 * closes their oldest.
 */
import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  NOTIFICATION_STREAM_HEARTBEAT_MS,
  NOTIFICATION_STREAM_REPLAY_PAGE_SIZE,
  NOTIFICATION_STREAM_RETRY_MS,
  NOTIFICATION_STREAMS_PER_PERSON,
  type Notification,
  type Translate,
} from "@ideaport/shared";
import type { FastifyBaseLogger } from "fastify";
import { type Caller, type CompanyCaller, loadCaller } from "../../core/caller.ts";
import { cursorKeyOf } from "../../core/keyset.ts";
import type { Database } from "../../db/client.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { encodeCursor } from "../../lib/page-cursor.ts";
import { presentNotification } from "./notifications.presenter.ts";
import {
  type StreamedNotificationRow,
  selectNewestNotificationKey,
  selectStreamNotifications,
  sendDatabaseNotifications,
} from "./notifications.repository.ts";

/** The PostgreSQL channel new notifications are announced on. */
export const NOTIFICATIONS_CHANNEL = "ideaport_notifications";

/** What one NOTIFY says: which row, for whom; or that a person's streams must close. */
type Announcement =
  | RowAnnouncement
  | { streamsEndFor: string }
  /** A stream of the person opened or closed on some instance (for the per-person cap). */
  | { streamOf: string; opened?: string; closed?: string };
interface RowAnnouncement {
  id: string;
  userId: string;
}

/**
 * Announces written notifications to every instance, in the transaction that wrote them: the
 * announcements are delivered when it commits, and never when it rolls back.
 */
export function announceNotifications(tx: Database, written: readonly RowAnnouncement[]): Promise<void> {
  return sendDatabaseNotifications(
    tx,
    NOTIFICATIONS_CHANNEL,
    written.map((row) => JSON.stringify({ id: row.id, userId: row.userId })),
  );
}

/**
 * Closes every open stream of a person, on every instance, when the transaction commits: call it
 * with the transaction that ends their sessions or changes their role.
 */
export function endNotificationStreamsOf(tx: Database, userId: string): Promise<void> {
  return sendDatabaseNotifications(tx, NOTIFICATIONS_CHANNEL, [JSON.stringify({ streamsEndFor: userId })]);
}

function parseAnnouncement(payload: string): Announcement | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.streamsEndFor === "string") return { streamsEndFor: value.streamsEndFor };
    if (typeof value.streamOf === "string") {
      return {
        streamOf: value.streamOf,
        ...(typeof value.opened === "string" ? { opened: value.opened } : {}),
        ...(typeof value.closed === "string" ? { closed: value.closed } : {}),
      };
    }
    return typeof value.id === "string" && typeof value.userId === "string"
      ? { id: value.id, userId: value.userId }
      : undefined;
  } catch {
    return undefined;
  }
}

type Key = { time: string; id: string };

/** Keys compare as PostgreSQL orders (created_at, id): fixed-width UTC times, then lower-case uuids. */
function isAfter(key: Key, other: Key | undefined): boolean {
  if (!other) return true;
  return key.time === other.time ? key.id > other.id : key.time > other.time;
}

/** How many sent ids a stream remembers to drop duplicates (replays overlap live messages by seconds). */
const REMEMBERED_IDS = 1000;
/** A client that leaves this much unread in its buffer is cut off; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Replay pages read at most, so an ancient Last-Event-ID costs a bounded amount of work. */
const MAX_REPLAY_PAGES = 10;

/** One open stream: a page of one person. */
interface Subscriber {
  /** Names the stream on every instance (the per-person cap). */
  id: string;
  userId: string;
  companyId: string;
  /** Says the person's notifications in the language they read when the stream opened. */
  t: Translate;
  output: PassThrough;
  /** The largest key sent (or, before any, the newest row when the stream opened). */
  highWater: Key | undefined;
  sentIds: Set<string>;
  /** Deliveries run one after another, so events leave in the order they were decided. */
  queue: Promise<void>;
  isClosed: boolean;
  /** Ends the stream; `announce: false` when its end is announced otherwise (or not needed). */
  close(announce?: boolean): void;
}

export interface NotificationStreamsDependencies {
  db: Database;
  logger: FastifyBaseLogger;
  /** The clock access tokens are signed and checked by. */
  clock: () => Date;
}

export type NotificationStreams = ReturnType<typeof createNotificationStreams>;

/** The open notification streams of this instance, fed by the database channel. */
export function createNotificationStreams({ db, logger, clock }: NotificationStreamsDependencies) {
  const byUser = new Map<string, Set<Subscriber>>();
  /**
   * Every person's streams open on any instance, oldest first, as announced on the channel (each
   * instance hears the same order). An entry older than an access token's life is of a stream
   * that has ended (an instance that stopped does not announce its streams' ends).
   */
  const everywhere = new Map<string, Array<{ id: string; at: number }>>();
  const forgetEnded = (entries: Array<{ id: string; at: number }>) =>
    entries.filter((entry) => Date.now() - entry.at < ACCESS_TOKEN_TTL_SECONDS * 1000);
  const sweep = setInterval(() => {
    for (const [userId, entries] of everywhere) {
      const live = forgetEnded(entries);
      if (live.length > 0) everywhere.set(userId, live);
      else everywhere.delete(userId);
    }
  }, ACCESS_TOKEN_TTL_SECONDS * 1000);
  sweep.unref();

  function announceStreams(changes: ReadonlyArray<{ streamOf: string; opened?: string; closed?: string }>): void {
    sendDatabaseNotifications(
      db,
      NOTIFICATIONS_CHANNEL,
      changes.map((change) => JSON.stringify(change)),
    ).catch((error: unknown) => logger.warn({ err: error }, "could not announce a notification stream"));
  }

  /** A stream opened or closed anywhere: past the cap, the person's oldest streams close where they are. */
  function countStreams(change: { streamOf: string; opened?: string; closed?: string }): void {
    const entries = forgetEnded(everywhere.get(change.streamOf) ?? []).filter((entry) => entry.id !== change.closed);
    if (change.opened) entries.push({ id: change.opened, at: Date.now() });
    const evicted = entries.splice(0, Math.max(0, entries.length - NOTIFICATION_STREAMS_PER_PERSON));
    if (entries.length > 0) everywhere.set(change.streamOf, entries);
    else everywhere.delete(change.streamOf);
    for (const subscriber of [...(byUser.get(change.streamOf) ?? [])]) {
      if (evicted.some((entry) => entry.id === subscriber.id)) subscriber.close();
    }
  }

  /** Queues work on a stream; a failure closes that stream (the client reconnects and replays). */
  function enqueue(subscriber: Subscriber, work: () => Promise<void>): Promise<void> {
    subscriber.queue = subscriber.queue.then(async () => {
      if (subscriber.isClosed) return;
      try {
        await work();
      } catch (error) {
        logger.warn({ err: error }, "notification stream failed; closing it");
        subscriber.close();
      }
    });
    return subscriber.queue;
  }

  function send(subscriber: Subscriber, rows: readonly StreamedNotificationRow[]): void {
    for (const row of rows) {
      if (subscriber.isClosed || subscriber.sentIds.has(row.id)) continue;
      subscriber.sentIds.add(row.id);
      if (subscriber.sentIds.size > REMEMBERED_IDS) {
        subscriber.sentIds.delete(subscriber.sentIds.values().next().value as string);
      }
      const key = { time: row.sortKey, id: row.id };
      if (isAfter(key, subscriber.highWater)) subscriber.highWater = key;
      const notification: Notification = presentNotification(row, subscriber.t);
      subscriber.output.write(
        `id: ${encodeCursor([subscriber.highWater!.time, subscriber.highWater!.id])}\n` +
          `event: notification\ndata: ${JSON.stringify(notification)}\n\n`,
      );
      if (subscriber.output.writableLength > MAX_BUFFERED_BYTES) subscriber.close();
    }
  }

  /** Sends every row after the stream's high-water mark, oldest first. */
  async function replay(subscriber: Subscriber): Promise<void> {
    for (let page = 0; page < MAX_REPLAY_PAGES; page++) {
      const rows = await selectStreamNotifications(db, {
        userId: subscriber.userId,
        companyId: subscriber.companyId,
        after: subscriber.highWater,
        limit: NOTIFICATION_STREAM_REPLAY_PAGE_SIZE,
      });
      send(subscriber, rows);
      if (rows.length < NOTIFICATION_STREAM_REPLAY_PAGE_SIZE) return;
    }
  }

  return {
    /** How many streams are open on this instance (for tests and logs). */
    get size(): number {
      let total = 0;
      for (const subscribers of byUser.values()) total += subscribers.size;
      return total;
    },

    /**
     * Opens a stream for the caller: the rows after `lastEventId` (none without one), then live
     * rows as they are committed. The stream ends when the client leaves, when the instance
     * shuts down, when the person's sessions end or role changes, and when the access token it
     * was opened with expires (`tokenExpiresAt`, ms), so the client reconnects with a current one
     * and is authenticated again.
     */
    open(caller: CompanyCaller, lastEventId: string | undefined, tokenExpiresAt: number): PassThrough {
      const output = new PassThrough();
      let heartbeat: NodeJS.Timeout | undefined;
      let lifetime: NodeJS.Timeout | undefined;
      const subscriber: Subscriber = {
        id: randomUUID(),
        userId: caller.id,
        companyId: caller.companyId,
        t: translatorFor(caller.language),
        output,
        highWater: keyOfEventId(lastEventId),
        sentIds: new Set(),
        queue: Promise.resolve(),
        isClosed: false,
        close(announce = true) {
          if (subscriber.isClosed) return;
          subscriber.isClosed = true;
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          const subscribers = byUser.get(subscriber.userId);
          subscribers?.delete(subscriber);
          if (subscribers?.size === 0) byUser.delete(subscriber.userId);
          if (announce) announceStreams([{ streamOf: subscriber.userId, closed: subscriber.id }]);
          output.end();
        },
      };
      output.on("close", () => subscriber.close());

      // At most NOTIFICATION_STREAMS_PER_PERSON here, this one included: the oldest close (a Set
      // keeps insertion order). Across instances the announcement of this stream closes the
      // person's oldest wherever they are; the ends here are announced before it, in one message
      // sequence, so no stream is closed twice over.
      const here = [...(byUser.get(caller.id) ?? [])];
      const closedHere = here.slice(0, Math.max(0, here.length - NOTIFICATION_STREAMS_PER_PERSON + 1));
      for (const oldest of closedHere) oldest.close(false);
      announceStreams([
        ...closedHere.map((oldest) => ({ streamOf: caller.id, closed: oldest.id })),
        { streamOf: caller.id, opened: subscriber.id },
      ]);

      // Registered before the first read, so nothing committed meanwhile is missed: a row both
      // read and announced is sent once.
      let subscribers = byUser.get(caller.id);
      if (!subscribers) {
        subscribers = new Set();
        byUser.set(caller.id, subscribers);
      }
      subscribers.add(subscriber);

      output.write(`retry: ${NOTIFICATION_STREAM_RETRY_MS}\n\n`);
      const resumes = subscriber.highWater !== undefined;
      void enqueue(subscriber, async () => {
        // Read after registering: a session ended between the request's authentication and now
        // was announced before this stream listened, so the person is read again here.
        const current = await loadCaller(db, caller.id);
        if (!current || !isSameSession(caller, current)) {
          subscriber.close();
          return;
        }
        if (resumes) {
          await replay(subscriber);
        } else {
          subscriber.highWater = await selectNewestNotificationKey(db, {
            userId: subscriber.userId,
            companyId: subscriber.companyId,
          });
        }
      });
      // Comments keep proxies and load balancers from closing an idle connection.
      heartbeat = setInterval(() => {
        if (!subscriber.isClosed) output.write(": heartbeat\n\n");
      }, NOTIFICATION_STREAM_HEARTBEAT_MS);
      heartbeat.unref();
      lifetime = setTimeout(() => subscriber.close(), Math.max(0, tokenExpiresAt - clock().getTime()));
      lifetime.unref();
      return output;
    },

    /**
     * A payload from the channel: sends the announced row to its recipient's open streams here,
     * or closes every open stream here of a person whose sessions ended.
     */
    deliver(payload: string): void {
      const announcement = parseAnnouncement(payload);
      if (!announcement) return;
      if ("streamsEndFor" in announcement) {
        for (const subscriber of [...(byUser.get(announcement.streamsEndFor) ?? [])]) subscriber.close();
        return;
      }
      if ("streamOf" in announcement) {
        countStreams(announcement);
        return;
      }
      const subscribers = byUser.get(announcement.userId);
      if (!subscribers) return;
      // One read per company the recipient's streams belong to (one, unless they moved company).
      const rowsByCompany = new Map<string, Promise<StreamedNotificationRow[]>>();
      for (const subscriber of subscribers) {
        void enqueue(subscriber, async () => {
          let rows = rowsByCompany.get(subscriber.companyId);
          if (!rows) {
            rows = selectStreamNotifications(db, {
              userId: subscriber.userId,
              companyId: subscriber.companyId,
              ids: [announcement.id],
              limit: 1,
            });
            rowsByCompany.set(subscriber.companyId, rows);
          }
          send(subscriber, await rows);
        });
      }
    },

    /** After the channel was lost for a while: every stream sends what it may have missed. */
    catchUp(): void {
      for (const subscribers of byUser.values()) {
        for (const subscriber of subscribers) void enqueue(subscriber, () => replay(subscriber));
      }
    },

    /**
     * Ends every stream (shutdown); clients reconnect to another instance. Their ends are not
     * announced: other instances forget them after an access token's life, or as the oldest.
     */
    closeAll(): void {
      clearInterval(sweep);
      for (const subscribers of [...byUser.values()]) {
        for (const subscriber of [...subscribers]) subscriber.close(false);
      }
    },
  };
}

/** The person is still who the stream was opened for: same session generation, company and role. */
function isSameSession(opened: Caller, current: Caller): boolean {
  return (
    current.isActive &&
    current.sessionGeneration === opened.sessionGeneration &&
    current.companyId === opened.companyId &&
    current.role === opened.role &&
    current.isAdmin === opened.isAdmin
  );
}

/** The key a Last-Event-ID carries; one this server did not make is ignored (the stream starts now). */
function keyOfEventId(lastEventId: string | undefined): Key | undefined {
  try {
    return cursorKeyOf(lastEventId?.trim() || undefined);
  } catch {
    return undefined;
  }
}
