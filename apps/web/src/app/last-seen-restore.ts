import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { canKeepLastSeen } from "../lib/last-seen.ts";
import { getStoredUser, hasStoredSession } from "../lib/session.ts";

/**
 * Offline, false until the signed-in person's kept answers are in the query client, so the first
 * screen shows what they last saw before any query runs; at once true online, or without a session
 * or IndexedDB.
 */
export function useLastSeenRestored(queryClient: QueryClient): boolean {
  // Online, the server answers: its answers are the ones shown, never an older copy.
  const [isRestored, setRestored] = useState(() => !hasStoredSession() || !canKeepLastSeen() || navigator.onLine);
  useEffect(() => {
    if (isRestored) return;
    const userId = getStoredUser()?.id;
    const restore = async () => {
      if (userId) await (await import("../lib/offline-cache.ts")).restoreLastSeen(queryClient, userId);
    };
    void restore().finally(() => setRestored(true));
  }, [isRestored, queryClient]);
  return isRestored;
}
