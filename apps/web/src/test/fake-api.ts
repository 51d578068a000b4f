/**
 * A fake `fetch` for unit tests: answers by "METHOD /path", records every request. The browser's
 * network is the edge of the world for these tests; everything inside it is the real code.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive: boolean;
  credentials: RequestCredentials | undefined;
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeApi {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Sets (or replaces) the answer to "METHOD /path". */
  on: (route: string, handler: FakeHandler | Response | (() => Response)) => void;
  /** Requests to one route, in order. */
  calls: (route: string) => RecordedRequest[];
}

/** A JSON answer. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}

/** Creates a fake API; `GET /api/csrf-token/` answers `{ csrfToken: "csrf-1" }` unless replaced. */
export function createFakeApi(routes: Record<string, FakeHandler | Response | (() => Response)> = {}): FakeApi {
  const handlers = new Map<string, FakeHandler>();
  const requests: RecordedRequest[] = [];
  const on: FakeApi["on"] = (route, handler) => {
    handlers.set(route, typeof handler === "function" ? (handler as FakeHandler) : () => handler.clone());
  };
  on("GET /api/csrf-token/", () => json({ csrfToken: "csrf-1" }));
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: RecordedRequest = {
      method,
      path: parsed.pathname,
      url,
      headers,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      keepalive: init.keepalive ?? false,
      credentials: init.credentials,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
    const handler = handlers.get(`${method} ${parsed.pathname}`);
    if (!handler) return json({ success: false, error: "Not found in the fake API." }, { status: 404 });
    return handler(request);
  };

  return {
    fetch: fakeFetch as typeof fetch,
    requests,
    on,
    calls: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}
