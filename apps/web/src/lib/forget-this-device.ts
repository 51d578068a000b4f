import { forgetLastSeen } from "./offline-cache.ts";
import { outbox } from "./outbox.ts";
import { endPushOnThisDevice } from "./push-on-sign-out.ts";

/**
 * Deletes what the device kept of the person who is leaving: the answers they last saw and the
 * writes still waiting to be sent; on a sign-out, ends this browser's push subscription too. Loaded
 * on demand by the session's provider (auth-provider.tsx), so no page carries it before a session ends.
 */
export function forgetThisDevice({ isSigningOut }: { isSigningOut: boolean }): void {
  if (isSigningOut) endPushOnThisDevice();
  void forgetLastSeen();
  void outbox.clear();
}
