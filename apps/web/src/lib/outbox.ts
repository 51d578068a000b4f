import { clear, createStore, del, entries, set, type UseStore } from "idb-keyval";

/** The writes a person may make without a network: an idea from the brain dump, a comment, a vote. */
export type OutboxKind = "idea" | "comment" | "vote";

/** One write kept on the device until the server has it. */
export interface OutboxEntry {
  /** The write's Idempotency-Key: sent with every try, so the server runs it once. */
  key: string;
  userId: string;
  kind: OutboxKind;
  /** The idea a comment or vote is about. */
  ideaId?: string | undefined;
  body: unknown;
  /** When it was made (ms): writes are sent in this order. */
  createdAt: number;
}

/** What one try of a write came to: the server has it (or refused it for good), or it must wait. */
export type SendResult = "sent" | "refused" | "wait";

/** Where the entries live: IndexedDB in the browser; any map in tests. */
export interface OutboxStorage {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** The device's outbox store in IndexedDB: it outlives a reload and a closed tab. */
export function indexedDbOutboxStorage(): OutboxStorage | null {
  if (typeof indexedDB === "undefined") return null;
  let store: UseStore | null = null;
  const open = () => {
    store ??= createStore("ideaport-outbox", "writes");
    return store;
  };
  return {
    all: async () => (await entries<string, OutboxEntry>(open())).map(([, entry]) => entry),
    put: (entry) => set(entry.key, entry, open()),
    remove: (key) => del(key, open()),
    clear: () => clear(open()),
  };
}

type Listener = () => void;

/**
 * The outbox: writes made without a network, kept (with their Idempotency-Key) until they are
 * sent. `flush` sends a person's writes in the order they were made, one at a time, and stops at
 * the first that must wait (no network, the server busy or still running the same key); a write
 * the server took, or refused for good, leaves the outbox. Only one flush runs at a time per page;
 * two tabs sending the same write is harmless, as the key makes the server run it once.
 */
export function createOutbox(storage: OutboxStorage) {
  const listeners = new Set<Listener>();
  let snapshot: readonly OutboxEntry[] = [];
  let flushing: Promise<void> | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  async function reload(): Promise<readonly OutboxEntry[]> {
    const all = await storage.all();
    snapshot = [...all].sort((a, b) => a.createdAt - b.createdAt);
    notify();
    return snapshot;
  }

  async function flushNow(userId: string, send: (entry: OutboxEntry) => Promise<SendResult>): Promise<void> {
    for (const entry of await reload()) {
      if (entry.userId !== userId) continue;
      const result = await send(entry);
      if (result === "wait") break;
      await storage.remove(entry.key);
      await reload();
    }
  }

  return {
    /** Keeps a write on the device. */
    async add(entry: OutboxEntry): Promise<void> {
      await storage.put(entry);
      await reload();
    },
    /** The writes waiting on this device (the last read), oldest first. */
    pending(): readonly OutboxEntry[] {
      return snapshot;
    },
    /** Reads the waiting writes again (another tab may have added or sent some). */
    reload,
    /** Sends the person's waiting writes; a second call while one runs waits for it. */
    flush(userId: string, send: (entry: OutboxEntry) => Promise<SendResult>): Promise<void> {
      flushing ??= flushNow(userId, send).finally(() => {
        flushing = null;
      });
      return flushing;
    },
    /** Deletes the waiting writes of everyone but `userId` (another person signed in on this device). */
    async forgetOthersThan(userId: string): Promise<void> {
      for (const entry of await storage.all()) if (entry.userId !== userId) await storage.remove(entry.key);
      await reload();
    },
    /** Deletes every waiting write on the device (sign-out). */
    async clear(): Promise<void> {
      await storage.clear();
      await reload();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** A storage for a device without IndexedDB: the writes then last as long as the page. */
function memoryOutboxStorage(): OutboxStorage {
  const map = new Map<string, OutboxEntry>();
  return {
    all: async () => [...map.values()],
    put: async (entry) => {
      map.set(entry.key, entry);
    },
    remove: async (key) => {
      map.delete(key);
    },
    clear: async () => map.clear(),
  };
}

/** The page's outbox. */
export const outbox = createOutbox(indexedDbOutboxStorage() ?? memoryOutboxStorage());
