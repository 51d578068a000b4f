import { CLIENT_VERSION, STORAGE_KEYS, usersEndpoints } from "@ideaport/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../test/factories.ts";
import { createFakeApi, json } from "../test/fake-api.ts";
import { ApiClient, type TokenStore } from "./api-client.ts";
import {
  EARLY_ANSWER_LIFETIME_MS,
  EARLY_REQUESTS_ATTRIBUTE,
  type EarlyRequestsConfig,
  startEarlyRequests,
  startPageEarlyRequests,
} from "./early-requests.ts";

const user = buildUser({ display_name: "Priya Patel" });

function tokens(access: string | null, refresh: string | null = "refresh-1"): TokenStore & { access: string | null } {
  const store = {
    access,
    getAccessToken: () => store.access,
    getRefreshToken: () => refresh,
    updateTokens: (next: { access: string }) => {
      store.access = next.access;
    },
    clear: () => {
      store.access = null;
    },
  };
  return store;
}

/** A fetch that records each request as it is sent, and answers only once the test releases it. */
function heldFetch() {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return new Promise<Response>(() => {});
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

/** What a page's HTML lists: `paths`, with the API client's headers and timeout. */
function config(...paths: string[]): EarlyRequestsConfig {
  return { paths, clientVersion: CLIENT_VERSION, accessTokenKey: STORAGE_KEYS.accessToken, timeoutMs: 30_000 };
}

/** A client that takes the answers of `early`, as the app's does from the page (window.ideaportEarlyRequests). */
function clientTaking(early: ReturnType<typeof startEarlyRequests>, client: ApiClient): ApiClient {
  window.ideaportEarlyRequests = early;
  return client;
}

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, "access-1");
});

afterEach(() => {
  delete window.ideaportEarlyRequests;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe("early requests", () => {
  it("sends a page's first requests at once, before any answer or app code, with the stored token and the page's language", () => {
    const { sent, fetch } = heldFetch();
    startEarlyRequests(config("/api/users/current/", "/api/challenges/?status=open"), { language: "de", fetch });
    expect(sent.map((request) => request.url)).toEqual(["/api/users/current/", "/api/challenges/?status=open"]);
    expect(sent[0]?.headers).toMatchObject({
      authorization: "Bearer access-1",
      "accept-language": "de",
      "x-client-version": CLIENT_VERSION,
    });
  });

  it("sends nothing without a stored session", () => {
    window.localStorage.clear();
    const api = createFakeApi();
    const early = startEarlyRequests(config("/api/users/current/"), { language: "en", fetch: api.fetch });
    expect(api.requests).toEqual([]);
    expect(early.take("/api/users/current/", null)).toBeUndefined();
  });

  it("lets the API client take the early answer instead of asking the server again", async () => {
    const api = createFakeApi({ "GET /api/users/current/": json(user) });
    const early = startEarlyRequests(config("/api/users/current/"), { language: "en", fetch: api.fetch });
    expect(api.calls("GET /api/users/current/")).toHaveLength(1);

    const client = clientTaking(
      early,
      new ApiClient({ fetch: api.fetch, tokens: tokens("access-1"), events: new EventTarget() }),
    );
    await expect(client.call(usersEndpoints.currentUser)).resolves.toMatchObject({ display_name: "Priya Patel" });
    expect(api.calls("GET /api/users/current/")).toHaveLength(1);

    // Taken once: the next call asks the server.
    await client.call(usersEndpoints.currentUser);
    expect(api.calls("GET /api/users/current/")).toHaveLength(2);
  });

  it("asks again, refreshing the session as usual, when the early request was refused", async () => {
    const api = createFakeApi({
      "GET /api/users/current/": (request) =>
        request.headers.authorization === "Bearer access-2"
          ? json(user)
          : json({ success: false, error: "Token expired" }, { status: 401 }),
      "POST /api/token/refresh/": json({ access: "access-2", refresh: "refresh-2" }),
    });
    const early = startEarlyRequests(config("/api/users/current/"), { language: "en", fetch: api.fetch });
    const client = clientTaking(
      early,
      new ApiClient({ fetch: api.fetch, tokens: tokens("access-1"), events: new EventTarget() }),
    );

    await expect(client.call(usersEndpoints.currentUser)).resolves.toMatchObject({ display_name: "Priya Patel" });
    expect(api.calls("GET /api/users/current/").map((request) => request.headers.authorization)).toEqual([
      "Bearer access-1",
      "Bearer access-1",
      "Bearer access-2",
    ]);
  });

  it("is not taken by a caller with another access token", async () => {
    const api = createFakeApi({ "GET /api/users/current/": json(user) });
    const early = startEarlyRequests(config("/api/users/current/"), { language: "en", fetch: api.fetch });
    const signedInAgain = clientTaking(
      early,
      new ApiClient({ fetch: api.fetch, tokens: tokens("access-9"), events: new EventTarget() }),
    );
    await signedInAgain.call(usersEndpoints.currentUser);
    expect(api.calls("GET /api/users/current/").map((request) => request.headers.authorization)).toEqual([
      "Bearer access-1",
      "Bearer access-9",
    ]);
  });

  it("is not taken once stale: the caller asks the server anew", async () => {
    const api = createFakeApi({ "GET /api/users/current/": json(user) });
    let now = 1_000;
    const early = startEarlyRequests(config("/api/users/current/"), {
      language: "en",
      fetch: api.fetch,
      now: () => now,
    });
    now += EARLY_ANSWER_LIFETIME_MS + 1;
    const client = clientTaking(
      early,
      new ApiClient({ fetch: api.fetch, tokens: tokens("access-1"), events: new EventTarget() }),
    );
    await client.call(usersEndpoints.currentUser);
    expect(api.calls("GET /api/users/current/")).toHaveLength(2);
  });

  it("is not taken once forgotten (the page changed data since it was asked): the caller asks the server anew", async () => {
    const api = createFakeApi({ "GET /api/users/current/": json(user) });
    const early = startEarlyRequests(config("/api/users/current/"), { language: "en", fetch: api.fetch });
    early.forget();
    const client = clientTaking(
      early,
      new ApiClient({ fetch: api.fetch, tokens: tokens("access-1"), events: new EventTarget() }),
    );
    await client.call(usersEndpoints.currentUser);
    expect(api.calls("GET /api/users/current/")).toHaveLength(2);
  });

  it("sends what a signed-in page's HTML lists and hands the requests to the app; a public page lists none", () => {
    const sent: string[] = [];
    vi.stubGlobal("fetch", (input: string) => {
      sent.push(input);
      return new Promise<Response>(() => {});
    });
    const root = document.createElement("div");
    startPageEarlyRequests(root, window);
    expect(window.ideaportEarlyRequests).toBeUndefined();

    root.setAttribute(EARLY_REQUESTS_ATTRIBUTE, JSON.stringify(config("/api/users/current/", "/api/rewards/")));
    startPageEarlyRequests(root, window);
    expect(sent).toEqual(["/api/users/current/", "/api/rewards/"]);
    expect(window.ideaportEarlyRequests?.take("/api/rewards/", "access-1")).toBeInstanceOf(Promise);
    vi.unstubAllGlobals();
  });
});
