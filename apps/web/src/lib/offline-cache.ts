import { CLIENT_VERSION } from "@ideaport/shared";
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { clear, createStore, del, get, keys, set, type UseStore } from "idb-keyval";
import { authKeys } from "./current-user.queries.ts";

/**
 * What a person last saw, kept on the device so the signed-in pages open without a network: the
 * query client's successful answers, in IndexedDB under the person's id, written a second after
 * each change. Nothing else keeps API answers (the service worker keeps none). Signing out, or a
 * session the server ends, deletes every person's kept answers on the device (`forgetLastSeen`).
 * A kept copy from another version of the app, or older than a week, is not shown.
 */
const SAVE_DELAY_MS = 1000;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface KeptAnswers {
  version: string;
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | null | undefined;

function lastSeenStore(): UseStore | null {
  if (store === undefined)
    store = typeof indexedDB === "undefined" ? null : createStore("ideaport-last-seen", "answers");
  return store;
}

const keyOf = (userId: string) => `answers:${userId}`;

const CURRENT_USER_HASH = JSON.stringify(authKeys.currentUser());

/**
 * The answers kept: every successful one but the signed-in person's own record. That one decides
 * what the app does (a tour to start, a role's pages), so it is always the server's latest, and
 * offline the stored sign-in answer stands in for it.
 */
export function isKeptAnswer(query: Query): boolean {
  return query.state.status === "success" && query.queryHash !== CURRENT_USER_HASH;
}

/** Puts the person's kept answers into the query client (before the app's first query runs), as stale. */
export async function restoreLastSeen(queryClient: QueryClient, userId: string, now = Date.now()): Promise<void> {
  const kept = lastSeenStore();
  if (!kept) return;
  try {
    const answers = await get<KeptAnswers>(keyOf(userId), kept);
    if (!answers || answers.version !== CLIENT_VERSION || now - answers.savedAt > MAX_AGE_MS) return;
    hydrate(queryClient, answers.state);
    // Shown at once, but never taken for fresh: every restored answer is read again as soon as a
    // screen uses it and the network allows.
    await queryClient.invalidateQueries({ refetchType: "none" });
  } catch {
    // A device that cannot read IndexedDB (private mode, quota) opens as without a kept copy.
  }
}

/** Writes the person's answers now. */
export async function saveLastSeen(queryClient: QueryClient, userId: string, now = Date.now()): Promise<void> {
  const kept = lastSeenStore();
  if (!kept) return;
  const state = dehydrate(queryClient, { shouldDehydrateQuery: isKeptAnswer });
  try {
    await set(keyOf(userId), { version: CLIENT_VERSION, savedAt: now, state } satisfies KeptAnswers, kept);
  } catch {
    // Quota or privacy errors: the person then sees no kept copy offline.
  }
}

/** Keeps the person's answers while they are signed in: after each change, as the network goes, and as the page hides. Returns the stop. */
export function keepLastSeen(queryClient: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const saveSoon = () => {
    if (timer !== undefined || isStopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!isStopped) void saveLastSeen(queryClient, userId);
    }, SAVE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success") saveSoon();
  });
  const saveNow = () => {
    if (document.visibilityState === "hidden" && !isStopped) void saveLastSeen(queryClient, userId);
  };
  document.addEventListener("visibilitychange", saveNow);
  // The moment the network goes, what is on the screen is what the person will want to find again.
  const stopListening = onlineManager.subscribe((isOnline) => {
    if (!isOnline && !isStopped) void saveLastSeen(queryClient, userId);
  });
  return () => {
    isStopped = true;
    clearTimeout(timer);
    unsubscribe();
    stopListening();
    document.removeEventListener("visibilitychange", saveNow);
  };
}

/** Deletes every kept answer on the device (sign-out). */
export async function forgetLastSeen(): Promise<void> {
  const kept = lastSeenStore();
  if (!kept) return;
  try {
    await clear(kept);
  } catch {
    // Nothing was readable either.
  }
}

/** Deletes the kept answers of everyone but `userId` (another person signed in on this device). */
export async function forgetOthersThan(userId: string): Promise<void> {
  const kept = lastSeenStore();
  if (!kept) return;
  try {
    for (const key of await keys<string>(kept)) if (key !== keyOf(userId)) await del(key, kept);
  } catch {
    // Nothing was readable either.
  }
}
