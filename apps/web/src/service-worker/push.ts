/// <reference lib="webworker" />

/**
 * Push notifications: a message from the server (its payload is the notification's sentence in
 * the reader's language, the path of what it is about, and the notification's id as tag) is shown
 * as a system notification; tapping it focuses a tab already on that page, else opens it. The
 * product's name is the title: the sentence says everything, in the reader's language.
 */

const TITLE = "Ideaport";
const ICON = "/icons/icon-192.png";
/** Where a message without a readable path leads. */
const FALLBACK_PATH = "/app";

interface PushMessage {
  body: string;
  url: string;
  tag?: string;
}

/** The payload as the server sends it, or null when it is missing or unreadable. */
export function readPushMessage(data: { json(): unknown } | null): PushMessage | null {
  try {
    const value = data?.json() as Partial<PushMessage> | undefined;
    if (typeof value?.body !== "string" || typeof value.url !== "string") return null;
    return { body: value.body, url: value.url, ...(typeof value.tag === "string" ? { tag: value.tag } : {}) };
  } catch {
    return null;
  }
}

/** The address a notification opens: a path of this app's origin only, never another site. */
export function targetUrlOf(path: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_PATH, origin).href;
  if (typeof path !== "string") return fallback;
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

export function installPushNotifications(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener("push", (event) => {
    // Every push shows a notification (browsers require it of `userVisibleOnly` subscriptions).
    const message = readPushMessage(event.data);
    event.waitUntil(
      worker.registration.showNotification(TITLE, {
        body: message?.body ?? "",
        icon: ICON,
        badge: ICON,
        ...(message?.tag ? { tag: message.tag } : {}),
        data: { url: targetUrlOf(message?.url, worker.location.origin) },
      }),
    );
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url = targetUrlOf((event.notification.data as { url?: unknown } | null)?.url, worker.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = windows.find((client) => client.url === url);
        if (open) {
          await open.focus();
          return;
        }
        await worker.clients.openWindow(url);
      })(),
    );
  });
}
