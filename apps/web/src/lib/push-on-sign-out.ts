/**
 * Signing out ends this browser's push subscription with its push service, so a shared computer
 * shows nothing more of the person who left: the server's next message to it is answered 404 or
 * 410 and the server forgets the subscription. No request to the server is needed (the session
 * is already gone when this runs).
 */
export function endPushOnThisDevice(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => {
      // A browser without push, or one that cannot reach its push service now: nothing to end.
    });
}
