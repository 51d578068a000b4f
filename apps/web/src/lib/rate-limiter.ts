import {
  CLIENT_RATE_LIMIT_DEFAULT,
  CLIENT_RATE_LIMITS_BY_METHOD,
  CLIENT_RATE_LIMITS_BY_PATH,
  type HttpMethod,
} from "@ideaport/shared";

const WINDOW_MS = 60_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SlidingWindowLimiter {
  /** Records one request under `key` if fewer than `limit` happened in the last minute. */
  tryAcquire(key: string, limit: number): RateLimitDecision;
  reset(): void;
}

/** A per-key sliding 60-second window: the client-side limits are requests per minute. */
export function createSlidingWindowLimiter(now: () => number = Date.now): SlidingWindowLimiter {
  const history = new Map<string, number[]>();
  return {
    tryAcquire(key, limit) {
      const currentTime = now();
      const recent = (history.get(key) ?? []).filter((time) => currentTime - time < WINDOW_MS);
      if (recent.length >= limit) {
        history.set(key, recent);
        const oldest = recent[0] ?? currentTime;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - currentTime) / 1000)) };
      }
      recent.push(currentTime);
      history.set(key, recent);
      return { allowed: true };
    },
    reset() {
      history.clear();
    },
  };
}

/**
 * The bucket a request counts against: a path rule when one matches (login 5, password reset 3,
 * project ideas 30, AI analysis 10), otherwise its method (GET 60, POST 20, PUT 20, DELETE 10,
 * others 30). A path rule replaces the method limit rather than adding to it, otherwise the
 * project-ideas limit of 30 could never be reached by POSTs capped at 20.
 */
export function rateLimitBucketFor(method: HttpMethod, path: string): { key: string; limit: number } {
  const rule = CLIENT_RATE_LIMITS_BY_PATH.find((candidate) => path.includes(candidate.match));
  if (rule) return { key: `path ${rule.match}`, limit: rule.limit };
  return { key: `method ${method}`, limit: CLIENT_RATE_LIMITS_BY_METHOD[method] ?? CLIENT_RATE_LIMIT_DEFAULT };
}
