/**
 * Window events the app raises. The API client raises them; the shell listens.
 * Their names are fixed by the product, exactly as written here.
 */
export const SESSION_EXPIRED_EVENT = "auth:session-expired";
export const RATE_LIMITED_EVENT = "api:rate-limited";

export interface RateLimitedDetail {
  /** Seconds the server asked us to wait (Retry-After, default 30). */
  retryAfter: number;
}

/** Raises `auth:session-expired`. */
export function dispatchSessionExpired(target: EventTarget): void {
  target.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
}

/** Raises `api:rate-limited` with `detail: { retryAfter }`. */
export function dispatchRateLimited(target: EventTarget, retryAfter: number): void {
  target.dispatchEvent(new CustomEvent<RateLimitedDetail>(RATE_LIMITED_EVENT, { detail: { retryAfter } }));
}

/** Subscribes to `api:rate-limited`; returns the unsubscribe function. */
export function onRateLimited(target: EventTarget, listener: (detail: RateLimitedDetail) => void): () => void {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<RateLimitedDetail | undefined>).detail;
    if (detail && typeof detail.retryAfter === "number") listener(detail);
  };
  target.addEventListener(RATE_LIMITED_EVENT, handle);
  return () => target.removeEventListener(RATE_LIMITED_EVENT, handle);
}

/** Subscribes to `auth:session-expired`; returns the unsubscribe function. */
export function onSessionExpired(target: EventTarget, listener: () => void): () => void {
  target.addEventListener(SESSION_EXPIRED_EVENT, listener);
  return () => target.removeEventListener(SESSION_EXPIRED_EVENT, listener);
}
