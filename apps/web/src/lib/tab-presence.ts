import { STORAGE_KEYS } from "@ideaport/shared";

/** The part of BroadcastChannel the presence protocol uses. */
export interface PresenceChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** The part of Storage the presence protocol uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface TabPresenceOptions {
  /** Called once when an older tab of the app is alive: this tab must step aside. */
  onConflict: () => void;
  createChannel?: (name: string) => PresenceChannel | null;
  /** Per-tab storage (sessionStorage): keeps `app_tab_id` across reloads of the same tab. */
  tabStorage?: KeyValueStore | null;
  /** Per-browser storage (localStorage): keeps `app_session_id`, shared by every tab. */
  sharedStorage?: KeyValueStore | null;
  now?: () => number;
  createId?: () => string;
}

interface PresenceMessage {
  type: "hello" | "present";
  sessionId: string;
  tabId: string;
  instanceId: string;
  startedAt: number;
}

export const TAB_PRESENCE_CHANNEL = "ideaport-tab-presence";

/**
 * The app may be open in only one tab. Every tab showing the app announces itself on a
 * BroadcastChannel; live tabs answer. When two tabs meet, the one that started later steps aside,
 * so the first tab keeps working and a race between two new tabs still leaves exactly one.
 * A reload keeps `app_tab_id` and its old page is gone before the new one speaks, so it never
 * meets itself; a duplicated tab (which copies sessionStorage) meets its live original, is
 * told apart by its own instance id, and takes a new tab id.
 *
 * Returns the function that stops taking part (leaving the app routes, unmounting).
 */
export function startTabPresence(options: TabPresenceOptions): () => void {
  const createChannel = options.createChannel ?? defaultChannel;
  const tabStorage = options.tabStorage === undefined ? safeStorage("session") : options.tabStorage;
  const sharedStorage = options.sharedStorage === undefined ? safeStorage("local") : options.sharedStorage;
  const now = options.now ?? Date.now;
  const createId = options.createId ?? randomId;

  const channel = createChannel(TAB_PRESENCE_CHANNEL);
  if (!channel) return () => {};

  const tabId = readOrCreate(tabStorage, STORAGE_KEYS.tabId, createId);
  const sessionId = readOrCreate(sharedStorage, STORAGE_KEYS.sessionId, createId);
  const self: PresenceMessage = { type: "hello", sessionId, tabId, instanceId: createId(), startedAt: now() };
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    channel.onmessage = null;
    channel.close();
  };

  channel.onmessage = (event) => {
    const message = asPresenceMessage(event.data);
    if (stopped || !message || message.instanceId === self.instanceId || message.sessionId !== sessionId) return;
    if (isOlder(message, self)) {
      // A duplicated tab shares our tab id; take a fresh one so the two stay distinguishable.
      if (message.tabId === self.tabId) writeSafely(tabStorage, STORAGE_KEYS.tabId, createId());
      stop();
      options.onConflict();
      return;
    }
    if (message.type === "hello") channel.postMessage({ ...self, type: "present" } satisfies PresenceMessage);
  };
  channel.postMessage(self);
  return stop;
}

function isOlder(candidate: PresenceMessage, self: PresenceMessage): boolean {
  if (candidate.startedAt !== self.startedAt) return candidate.startedAt < self.startedAt;
  return candidate.instanceId < self.instanceId;
}

function asPresenceMessage(data: unknown): PresenceMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const value = data as Partial<PresenceMessage>;
  if (value.type !== "hello" && value.type !== "present") return null;
  if (typeof value.tabId !== "string" || typeof value.instanceId !== "string") return null;
  if (typeof value.sessionId !== "string" || typeof value.startedAt !== "number") return null;
  return value as PresenceMessage;
}

function defaultChannel(name: string): PresenceChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  return new BroadcastChannel(name);
}

function safeStorage(kind: "local" | "session"): KeyValueStore | null {
  try {
    return kind === "local" ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function readOrCreate(storage: KeyValueStore | null, key: string, createId: () => string): string {
  let value: string | null = null;
  try {
    value = storage?.getItem(key) ?? null;
  } catch {
    value = null;
  }
  if (value) return value;
  const created = createId();
  writeSafely(storage, key, created);
  return created;
}

function writeSafely(storage: KeyValueStore | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Without storage the tab still takes part, with an id that lasts as long as the page.
  }
}

function randomId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
