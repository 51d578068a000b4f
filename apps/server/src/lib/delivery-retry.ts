/**
 * The retry rules shared by the outboxes of outbound deliveries (push messages, chat and webhook
 * deliveries): the due rows are claimed in batches until none is left, a failed delivery waits
 * twice as long as before (up to the longest wait), and it is given up after its last attempt or
 * once its next attempt would come after its deadline. Each outbox keeps its own table and claim
 * query; this is what they have in common.
 */

export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait; none: the waits keep doubling. */
  longestDelayMs?: number;
  /** Attempts in all before a delivery is given up; none: it is tried until its deadline. */
  maxAttempts?: number;
}

/** The wait after `failures` failed attempts (at least one). */
export function backoffMs(policy: RetryPolicy, failures: number): number {
  const doubled = policy.firstDelayMs * 2 ** Math.max(0, failures - 1);
  return Math.min(doubled, policy.longestDelayMs ?? Number.POSITIVE_INFINITY);
}

/**
 * The wait before trying again after `failures` failed attempts; null when the delivery is given
 * up: it had its last attempt, or the next would come after `giveUpAt` (counted from `now`).
 */
export function retryDelay(
  policy: RetryPolicy,
  { failures, now, giveUpAt }: { failures: number; now?: Date; giveUpAt?: Date },
): number | null {
  if (policy.maxAttempts !== undefined && failures >= policy.maxAttempts) return null;
  const delay = backoffMs(policy, failures);
  if (giveUpAt && now && now.getTime() + delay > giveUpAt.getTime()) return null;
  return delay;
}

/**
 * Claims due rows in batches and hands each to `handle` until a claim comes back empty; answers
 * how many rows were handled. `claim` must take each row for one worker only (FOR UPDATE SKIP
 * LOCKED) and hide it from the others while it is handled.
 */
export async function drainDue<Row>(
  claim: () => Promise<readonly Row[]>,
  handle: (row: Row) => Promise<void>,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await claim();
    if (batch.length === 0) return handled;
    for (const row of batch) {
      await handle(row);
      handled += 1;
    }
  }
}
