import type { QueryClient } from "@tanstack/react-query";
import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAuth } from "../lib/auth-provider.tsx";
import { canKeepLastSeen, forgetOthersThan, keepLastSeen, restoreLastSeen } from "../lib/offline-cache.ts";
import { outbox } from "../lib/outbox.ts";
import { getStoredUser, hasStoredSession } from "../lib/session.ts";

/** How often writes that had to wait (the server busy, the same key still running) are tried again. */
const RETRY_WAITING_WRITES_MS = 30_000;

/**
 * False until the signed-in person's kept answers are in the query client, so the first screen
 * shows what they last saw before any query runs; at once true without a session or IndexedDB.
 */
export function useLastSeenRestored(queryClient: QueryClient): boolean {
  const [isRestored, setRestored] = useState(() => !hasStoredSession() || !canKeepLastSeen());
  useEffect(() => {
    if (isRestored) return;
    const userId = getStoredUser()?.id;
    void (userId ? restoreLastSeen(queryClient, userId) : Promise.resolve()).finally(() => setRestored(true));
  }, [isRestored, queryClient]);
  return isRestored;
}

/**
 * While someone is signed in: keeps what they see on the device, deletes what another person left
 * there, and sends their waiting writes now (the next open), when the network returns, and every
 * half minute while some wait.
 */
export function OfflineKeeper() {
  const { user, status } = useAuth();
  const queryClient = useQueryClient();
  const userId = status === "signed-in" ? user?.id : undefined;

  useEffect(() => {
    if (!userId || !canKeepLastSeen()) return;
    void forgetOthersThan(userId);
    return keepLastSeen(queryClient, userId);
  }, [queryClient, userId]);

  useEffect(() => {
    if (!userId) return;
    // The ideas feature's code loads only when a write waits.
    const flush = async () => {
      const waiting = await outbox.reload();
      if (!onlineManager.isOnline() || !waiting.some((entry) => entry.userId === userId)) return;
      const { sendKeptIdeaWrite } = await import("../features/ideas/index.ts");
      await outbox.flush(userId, sendKeptIdeaWrite(queryClient));
    };
    void outbox.forgetOthersThan(userId).then(flush);
    const stopListening = onlineManager.subscribe((isOnline) => {
      if (isOnline) void flush();
    });
    const timer = setInterval(() => {
      if (outbox.pending().length > 0) void flush();
    }, RETRY_WAITING_WRITES_MS);
    return () => {
      stopListening();
      clearInterval(timer);
    };
  }, [queryClient, userId]);

  return null;
}
