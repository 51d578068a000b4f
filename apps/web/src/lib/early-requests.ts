// The first data requests of a signed-in page, sent by the entry (src/main.tsx) as soon as the
// page's HTML runs, in parallel with the download of the app's code instead of after it: the route
// page lists them on #root (`data-requests`, scripts/route-pages.ts, from the route table). The API
// client (api-client.ts) takes such an answer in place of sending the same request again. It is in
// the entry's chunk, so it imports nothing of the app but the shared constants.
import { CLIENT_VERSION, REQUEST_TIMEOUT_MS, STORAGE_KEYS } from "@ideaport/shared";

/** What an early request answered: its status and body, or null when it got no answer. */
export interface EarlyAnswer {
  status: number;
  response: Response;
}

interface EarlyRequest {
  accessToken: string;
  sentAt: number;
  answer: Promise<EarlyAnswer | null>;
}

/**
 * How long an early answer waits to be taken: after that the page has moved on (or never asks),
 * and a request sent then must reach the server anew.
 */
export const EARLY_ANSWER_LIFETIME_MS = 20_000;

const sent = new Map<string, EarlyRequest>();

/** The stored access token, read as the session does (session.ts): the remembered one first. */
function storedAccessToken(): string | null {
  for (const kind of ["localStorage", "sessionStorage"] as const) {
    try {
      const token = globalThis[kind].getItem(STORAGE_KEYS.accessToken);
      if (token !== null) return token;
    } catch {
      // Storage blocked: no session to send requests for.
    }
  }
  return null;
}

/**
 * Sends the GET requests of `paths` (same-origin, with their query) with the stored access token
 * and the page's language, once each; without a stored token it sends none (the page will go to
 * /login). Their answers wait for the API client (`takeEarlyAnswer`).
 */
export function startEarlyRequests(
  paths: readonly string[],
  options: { language: string; fetch?: typeof fetch; now?: () => number },
): void {
  const accessToken = storedAccessToken();
  if (accessToken === null) return;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  for (const path of paths) {
    if (sent.has(path)) continue;
    const answer = fetchImpl(path, {
      method: "GET",
      headers: {
        Accept: "application/json",
        "Accept-Language": options.language,
        "X-Client-Version": CLIENT_VERSION,
        Authorization: `Bearer ${accessToken}`,
      },
      credentials: "include",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).then(
      (response) => ({ status: response.status, response }),
      () => null,
    );
    sent.set(path, { accessToken, sentAt: now(), answer });
  }
}

/**
 * The answer of the early request for `url`, once: only when it was sent with `accessToken` (the
 * one the caller would send) and is still fresh, and only a success (2xx); anything else resolves
 * to null and the caller sends the request itself (with its own refresh of the session on 401).
 */
export function takeEarlyAnswer(
  url: string,
  accessToken: string | null,
  now: () => number = Date.now,
): Promise<EarlyAnswer | null> | null {
  const request = sent.get(url);
  if (!request) return null;
  sent.delete(url);
  if (request.accessToken !== accessToken || now() - request.sentAt > EARLY_ANSWER_LIFETIME_MS) return null;
  return request.answer.then((answer) => (answer && answer.status >= 200 && answer.status < 300 ? answer : null));
}

/** Forgets every early request (tests). */
export function forgetEarlyRequests(): void {
  sent.clear();
}
