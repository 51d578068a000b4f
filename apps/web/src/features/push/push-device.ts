/**
 * This browser's side of push: whether it can, the permission, and its subscription with the
 * service worker's push manager. Permission is asked only from `subscribeThisDevice`, which a
 * person's click on the switch calls.
 */

export type PushAvailability = "unsupported" | "denied" | "available";

export function pushAvailability(): PushAvailability {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    return "unsupported";
  }
  if (!("Notification" in window)) return "unsupported";
  return Notification.permission === "denied" ? "denied" : "available";
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** This device's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === "unsupported") return null;
  return (await registration())?.pushManager.getSubscription() ?? null;
}

export class PushPermissionRefused extends Error {}

/** Asks the permission (the browser's own prompt), then subscribes with the server's key. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushPermissionRefused(permission);
  const worker = await registration();
  if (!worker) throw new Error("no service worker");
  const existing = await worker.pushManager.getSubscription();
  if (existing) return existing;
  return worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
      c.charCodeAt(0),
    ),
  });
}

/** Ends this device's subscription with its push service; answers its endpoint, if it had one. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** The subscription as the API takes it. */
export function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
}
