/// <reference lib="webworker" />

/** What the page posts to the waiting worker (`{ type }`, as workbox-window's messageSkipWaiting does) on "Reload to update". */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";

/**
 * A new version waits until the person asks for it: it takes over only when a page posts
 * `SKIP_WAITING_MESSAGE` (the "Reload to update" button), never under someone's hands.
 */
export function installUpdateOnRequest(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener("message", (event) => {
    if (event.data?.type === SKIP_WAITING_MESSAGE) void worker.skipWaiting();
  });
}
