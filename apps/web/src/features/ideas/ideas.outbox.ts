import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { type OutboxEntry, type OutboxKind, outbox } from "../../lib/outbox.ts";
import { getStoredUser } from "../../lib/session.ts";

/** Answers that mean "try again later": no answer, the server busy or failing, the same key still running. */
export function mustWait(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    error.status === 0 ||
    error.status === 409 ||
    error.status === 429 ||
    error.status >= 500
  );
}

/**
 * Sends a brain-dump idea, comment or vote with a fresh Idempotency-Key, or keeps it in the
 * outbox when there is no network (the browser says so, or the request got no answer): it then
 * answers null and the write shows as "Waiting to send" until the outbox sends it.
 */
export async function sendOrKeep<T>(
  write: { kind: OutboxKind; ideaId?: string | undefined; body: unknown },
  send: (idempotencyKey: string) => Promise<T>,
): Promise<T | null> {
  const key = crypto.randomUUID();
  const userId = getStoredUser()?.id;
  const keep = async () => {
    if (!userId) return false;
    await outbox.add({ ...write, key, userId, createdAt: Date.now() });
    return true;
  };
  if (!onlineManager.isOnline() && (await keep())) return null;
  try {
    return await send(key);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0 && (await keep())) return null;
    throw error;
  }
}

const EMPTY: readonly OutboxEntry[] = [];

/** The person's writes of one kind (about one idea) waiting on this device, oldest first. */
export function usePendingWrites(kind: OutboxKind, ideaId?: string): readonly OutboxEntry[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.pending, () => EMPTY);
  const userId = getStoredUser()?.id;
  return all.filter(
    (entry) => entry.userId === userId && entry.kind === kind && (ideaId === undefined || entry.ideaId === ideaId),
  );
}
