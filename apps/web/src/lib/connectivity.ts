import { onlineManager } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";

// TanStack Query's `onlineManager` follows the `online` and `offline` events but assumes online
// until the first one: it starts from what the browser says. Back online, the query client
// refetches the queries that failed.
if (typeof window !== "undefined") onlineManager.setOnline(window.navigator.onLine);

/** How many times the browser came back online since the page loaded. */
let reconnections = 0;
onlineManager.subscribe((isOnline) => {
  if (isOnline) reconnections += 1;
});

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());

/** True while the browser is online; true on the server, whose prerendered pages assume it. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * A shown error, until the browser comes back online when it is the network error
 * (`networkError`, the message of a request that got no answer, in the page's language): the
 * connection it blamed is back, so it is no longer true. `wasCleared` says that it went for that reason.
 */
export function useErrorUntilReconnected(
  error: string | null | undefined,
  networkError: string,
): {
  error: string | null;
  wasCleared: boolean;
} {
  const current = useSyncExternalStore(
    subscribe,
    () => reconnections,
    () => 0,
  );
  const [shown, setShown] = useState({ error, reconnections: current });
  if (shown.error !== error) setShown({ error, reconnections: current });
  const since = shown.error === error ? shown.reconnections : current;
  const wasCleared = error === networkError && current > since;
  return { error: wasCleared ? null : (error ?? null), wasCleared };
}
