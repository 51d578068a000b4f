// The first data requests of a signed-in page, sent as soon as the page's HTML has been read, in
// parallel with the download of the app's code instead of after it. The route page (scripts/
// route-pages.ts) lists them on #root (`data-early-requests`, from the table in
// app/first-requests.ts) and loads the small script that sends them (src/early-requests-main.ts)
// from its head; the app's API client (api-client.ts) takes such an answer in place of sending the
// same request again. The script is an entry of its own that imports nothing: public pages never
// load it, and it waits for no other file.

/** What a signed-in page's HTML tells its early requests: what to ask, and how the API client asks. */
export interface EarlyRequestsConfig {
  /** Same-origin GET paths, with their query, exactly as the page's queries ask them. */
  paths: string[];
  /** The API client's X-Client-Version. */
  clientVersion: string;
  /** The storage key of the access token (localStorage when remembered, else sessionStorage). */
  accessTokenKey: string;
  /** The API client's timeout. */
  timeoutMs: number;
}

/** The attribute of #root holding the page's EarlyRequestsConfig, as JSON. */
export const EARLY_REQUESTS_ATTRIBUTE = "data-early-requests";

/** What an early request answered: its status and its body (JSON, else text, else nothing). */
export interface EarlyAnswer {
  status: number;
  payload: unknown;
}

/** The early requests a page sent, for the API client to take their answers. */
export interface EarlyRequests {
  /**
   * The answer of the early request for `url`, once: only when it was sent with `accessToken` (the
   * one the caller would send) and is still fresh, and only a success (2xx); anything else
   * resolves to null and the caller sends the request itself (with its own refresh of the session
   * on 401). Undefined when no such request was sent.
   */
  take(url: string, accessToken: string | null): Promise<EarlyAnswer | null> | undefined;
  /**
   * Drops every answer not yet taken: called once the page has changed data (a write kept offline
   * was sent), as an answer asked before the change may no longer be true.
   */
  forget(): void;
}

declare global {
  interface Window {
    /** The page's early requests (src/early-requests-main.ts), for the API client. */
    ideaportEarlyRequests?: EarlyRequests;
  }
}

/**
 * How long an early answer waits to be taken: after that the page has moved on (or never asks),
 * and a request sent then must reach the server anew.
 */
export const EARLY_ANSWER_LIFETIME_MS = 20_000;

/**
 * The stored access token, the remembered session's first, as lib/session.ts reads it (this script
 * loads no module of the app's). A token read otherwise than the app's would be harmless: the API
 * client only takes an answer sent with the token it would send itself.
 */
function storedAccessToken(key: string): string | null {
  for (const storage of ["localStorage", "sessionStorage"] as const) {
    try {
      const token = globalThis[storage].getItem(key);
      if (token !== null) return token;
    } catch {
      // Storage blocked: no session to send requests for.
    }
  }
  return null;
}

/**
 * Sends the GET requests of `config.paths`, once each, with the stored access token and the page's
 * language; without a stored token it sends none (the page will go to /login). Their answers wait
 * for the API client.
 */
export function startEarlyRequests(
  config: EarlyRequestsConfig,
  options: { language: string; fetch?: typeof fetch; now?: () => number },
): EarlyRequests {
  const sent = new Map<string, { accessToken: string; sentAt: number; answer: Promise<EarlyAnswer | null> }>();
  const now = options.now ?? Date.now;
  const accessToken = storedAccessToken(config.accessTokenKey);
  if (accessToken !== null) {
    const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    for (const path of new Set(config.paths)) {
      const answer = fetchImpl(path, {
        method: "GET",
        headers: {
          Accept: "application/json",
          "Accept-Language": options.language,
          "X-Client-Version": config.clientVersion,
          Authorization: `Bearer ${accessToken}`,
        },
        credentials: "include",
        signal: AbortSignal.timeout(config.timeoutMs),
      }).then(
        async (response) => ({ status: response.status, payload: await readPayload(response) }),
        () => null,
      );
      sent.set(path, { accessToken, sentAt: now(), answer });
    }
  }
  return {
    take(url, token) {
      const request = sent.get(url);
      if (!request) return undefined;
      sent.delete(url);
      if (request.accessToken !== token || now() - request.sentAt > EARLY_ANSWER_LIFETIME_MS) return undefined;
      return request.answer.then((answer) => (answer && answer.status >= 200 && answer.status < 300 ? answer : null));
    },
    forget() {
      sent.clear();
    },
  };
}

/** A response's body as the API client reads one: JSON, else text; nothing for an empty body. */
async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends the requests `root` lists (its EARLY_REQUESTS_ATTRIBUTE) and hands them to the app; none listed, nothing. */
export function startPageEarlyRequests(root: HTMLElement | null, target: Window): void {
  const listed = root?.getAttribute(EARLY_REQUESTS_ATTRIBUTE);
  if (!listed) return;
  target.ideaportEarlyRequests = startEarlyRequests(JSON.parse(listed) as EarlyRequestsConfig, {
    language: target.document.documentElement.lang,
  });
}
