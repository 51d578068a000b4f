/**
 * Deletes what the device kept of the person who is leaving: the answers they last saw and the
 * writes still waiting to be sent; on a sign-out, ends this browser's push subscription too. Loaded
 * on demand by the session's provider (auth-provider.tsx), and loading what it uses on demand in
 * turn, so no page's first code names those modules.
 */
export function forgetThisDevice({ isSigningOut }: { isSigningOut: boolean }): void {
  if (isSigningOut) void import("./push-on-sign-out.ts").then((push) => push.endPushOnThisDevice());
  void import("./offline-cache.ts").then((cache) => cache.forgetLastSeen());
  void import("./outbox.ts").then(({ outbox }) => outbox.clear());
}
