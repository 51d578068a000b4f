import type { Workbox } from "workbox-window";

type Listener = () => void;

const listeners = new Set<Listener>();
let workbox: Workbox | null = null;
let isUpdateWaiting = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker (/sw.js, src/service-worker/sw.ts) in a built app, once the page has
 * loaded. A new version installs in the background and waits: `isUpdateWaiting()` turns true, and
 * the page changes only when the person chooses `applyUpdate()`, which lets the new worker take
 * over and reloads once it controls the page.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || workbox) return;
  const { Workbox } = await import("workbox-window");
  const registration = new Workbox("/sw.js", { scope: "/" });
  workbox = registration;
  registration.addEventListener("waiting", () => {
    isUpdateWaiting = true;
    notify();
  });
  await registration.register();
}

/** True once a new version has installed and waits for the person's "Reload to update". */
export function isServiceWorkerUpdateWaiting(): boolean {
  return isUpdateWaiting;
}

export function subscribeToServiceWorkerUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The person chose "Reload to update": the waiting worker takes over, then the page reloads on it. */
export function applyUpdate(): void {
  const registration = workbox;
  if (!registration) return;
  registration.addEventListener("controlling", () => window.location.reload());
  registration.messageSkipWaiting();
}
