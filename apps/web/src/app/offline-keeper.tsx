import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../lib/auth-provider.tsx";
import { canKeepLastSeen } from "../lib/last-seen.ts";

/** How often writes that had to wait (the server busy, the same key still running) are tried again. */
const RETRY_WAITING_WRITES_MS = 30_000;

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
    let stop: (() => void) | undefined;
    let isDone = false;
    void import("../lib/offline-cache.ts").then((cache) => {
      if (isDone) return;
      void cache.forgetOthersThan(userId);
      stop = cache.keepLastSeen(queryClient, userId);
    });
    return () => {
      isDone = true;
      stop?.();
    };
  }, [queryClient, userId]);

  useEffect(() => {
    if (!userId) return;
    // The code that sends a kept write loads only when one waits: the ideas' queries, not their screens.
    const flush = async () => {
      const { outbox } = await import("../lib/outbox.ts");
      const waiting = await outbox.reload();
      if (!onlineManager.isOnline() || !waiting.some((entry) => entry.userId === userId)) return;
      const { sendKeptIdeaWrite } = await import("../features/ideas/ideas.queries.ts");
      await outbox.flush(userId, sendKeptIdeaWrite(queryClient));
    };
    void import("../lib/outbox.ts").then(({ outbox }) => outbox.forgetOthersThan(userId)).then(flush);
    const stopListening = onlineManager.subscribe((isOnline) => {
      if (isOnline) void flush();
    });
    const timer = setInterval(() => void flush(), RETRY_WAITING_WRITES_MS);
    return () => {
      stopListening();
      clearInterval(timer);
    };
  }, [queryClient, userId]);

  return null;
}
