import { api, CLIENT_VERSION, ERROR_MESSAGES } from "@ideaport/shared";
import { describe, expect, it, vi } from "vitest";
import { buildLoginResponse, buildUser } from "../test/factories.ts";
import { createFakeApi, json } from "../test/fake-api.ts";
import { ApiClient, ApiError, type TokenStore } from "./api-client.ts";
import { RATE_LIMITED_EVENT, SESSION_EXPIRED_EVENT } from "./events.ts";
import { t } from "./i18n.ts";

function memoryTokens(
  initial: { access: string; refresh: string } | null = { access: "access-1", refresh: "refresh-1" },
) {
  const state = { access: initial?.access ?? null, refresh: initial?.refresh ?? null, cleared: false };
  const store: TokenStore = {
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    updateTokens: (tokens) => {
      state.access = tokens.access;
      if (tokens.refresh) state.refresh = tokens.refresh;
    },
    clear: () => {
      state.access = null;
      state.refresh = null;
      state.cleared = true;
    },
  };
  return { store, state };
}

function setup(
  options: {
    tokens?: { access: string; refresh: string } | null;
    now?: () => number;
    timeoutMs?: number;
    baseUrl?: string;
  } = {},
) {
  const fake = createFakeApi();
  const tokens = memoryTokens(options.tokens === undefined ? undefined : options.tokens);
  const events = new EventTarget();
  const received: { type: string; detail: unknown }[] = [];
  for (const type of [SESSION_EXPIRED_EVENT, RATE_LIMITED_EVENT]) {
    events.addEventListener(type, (event) => received.push({ type, detail: (event as CustomEvent).detail }));
  }
  const client = new ApiClient({
    fetch: fake.fetch,
    tokens: tokens.store,
    events,
    ...(options.now ? { now: options.now } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
  });
  return { client, fake, tokens, received };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("Expected the call to fail.");
}

const user = buildUser();

describe("ApiClient requests", () => {
  it("sends cookies, the client version and the bearer token, and parses the answer with the contract", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", json({ ...user, password_hash: "never-shown" }));

    const answer = await client.call(api.currentUser);

    expect(answer).toEqual(user);
    const [request] = fake.calls("GET /api/users/current/");
    expect(request?.credentials).toBe("include");
    expect(request?.headers["x-client-version"]).toBe(CLIENT_VERSION);
    expect(request?.headers.authorization).toBe("Bearer access-1");
  });

  it("sends no Authorization header when no token is stored", async () => {
    const { client, fake } = setup({ tokens: null });
    fake.on("GET /api/users/current/", json(user));

    await client.call(api.currentUser);

    expect(fake.calls("GET /api/users/current/")[0]?.headers.authorization).toBeUndefined();
  });

  it("fills path parameters, adds the query and prefixes the configured base URL", async () => {
    const { client, fake } = setup({ baseUrl: "http://localhost:8000/" });
    fake.on(
      "GET /api/notifications/user-7/",
      json({ success: true, notifications: [], next_cursor: null, unread_count: 0 }),
    );

    await client.call(api.notifications, undefined, { params: { userId: "user-7" }, query: { limit: 5 } });

    expect(fake.requests.at(-1)?.url).toBe("http://localhost:8000/api/notifications/user-7/?limit=5");
  });

  it("fetches the CSRF token lazily on the first mutating call and reuses it", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", json(user));
    fake.on("POST /api/user/update-onboarding-status/", json({ success: true, user }));

    await client.call(api.currentUser);
    expect(fake.calls("GET /api/csrf-token/")).toHaveLength(0);

    await client.call(api.updateOnboardingStatus, { onboarding_status: "awaiting_initial_tour" });
    await client.call(api.updateOnboardingStatus, { onboarding_status: "admin_overlay_completed" });

    expect(fake.calls("GET /api/csrf-token/")).toHaveLength(1);
    const posts = fake.calls("POST /api/user/update-onboarding-status/");
    expect(posts.map((request) => request.headers["x-csrftoken"])).toEqual(["csrf-1", "csrf-1"]);
    expect(posts[0]?.headers["content-type"]).toBe("application/json");
    expect(posts[1]?.body).toEqual({ onboarding_status: "admin_overlay_completed" });
  });

  it("sends keepalive requests when asked", async () => {
    const { client, fake } = setup();
    fake.on("POST /api/web-vitals/", json({ success: true }));

    await client.call(api.webVitals, { name: "LCP", value: 1200, id: "v1", path: "/" }, { keepalive: true });

    expect(fake.calls("POST /api/web-vitals/")[0]?.keepalive).toBe(true);
  });
});

describe("ApiClient 401 handling", () => {
  it("retries once with a refreshed token after a 401", async () => {
    const { client, fake, tokens } = setup();
    fake.on("GET /api/users/current/", (request) =>
      request.headers.authorization === "Bearer access-2"
        ? json(user)
        : json({ error: "Token expired" }, { status: 401 }),
    );
    fake.on("POST /api/token/refresh/", json({ access: "access-2", refresh: "refresh-2" }));

    await expect(client.call(api.currentUser)).resolves.toEqual(user);

    expect(fake.calls("POST /api/token/refresh/")[0]?.body).toEqual({ refresh: "refresh-1" });
    expect(fake.calls("POST /api/token/refresh/")[0]?.headers["x-csrftoken"]).toBe("csrf-1");
    expect(fake.calls("GET /api/users/current/")).toHaveLength(2);
    expect(tokens.state).toMatchObject({ access: "access-2", refresh: "refresh-2" });
  });

  it("keeps the refresh token when the refresh answer carries only a new access token", async () => {
    const { client, fake, tokens } = setup();
    fake.on("GET /api/users/current/", (request) =>
      request.headers.authorization === "Bearer access-2" ? json(user) : json({}, { status: 401 }),
    );
    fake.on("POST /api/token/refresh/", json({ access: "access-2" }));

    await client.call(api.currentUser);

    expect(tokens.state).toMatchObject({ access: "access-2", refresh: "refresh-1" });
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", (request) =>
      request.headers.authorization === "Bearer access-2" ? json(user) : json({}, { status: 401 }),
    );
    fake.on("POST /api/token/refresh/", async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return json({ access: "access-2" });
    });

    const answers = await Promise.all([
      client.call(api.currentUser),
      client.call(api.currentUser),
      client.call(api.currentUser),
    ]);

    expect(answers).toHaveLength(3);
    expect(fake.calls("POST /api/token/refresh/")).toHaveLength(1);
  });

  it("raises auth:session-expired and fails with 'Authentication expired. Please log in again.' when refresh fails", async () => {
    const { client, fake, tokens, received } = setup();
    fake.on("GET /api/users/current/", json({}, { status: 401 }));
    fake.on("POST /api/token/refresh/", json({ error: "Refresh token revoked" }, { status: 401 }));

    const error = await failureOf(client.call(api.currentUser));

    expect(error.message).toBe("Authentication expired. Please log in again.");
    expect(error.status).toBe(401);
    expect(tokens.state.cleared).toBe(true);
    expect(received.map((event) => event.type)).toEqual([SESSION_EXPIRED_EVENT]);
    expect(fake.calls("GET /api/users/current/")).toHaveLength(1);
  });

  it("does not retry a second time when the refreshed request is refused again", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", json({ error: "Still not allowed" }, { status: 401 }));
    fake.on("POST /api/token/refresh/", json({ access: "access-2" }));

    const error = await failureOf(client.call(api.currentUser));

    expect(error.message).toBe("Still not allowed");
    expect(fake.calls("POST /api/token/refresh/")).toHaveLength(1);
    expect(fake.calls("GET /api/users/current/")).toHaveLength(2);
  });

  it("keeps the session when the refresh cannot reach the server", async () => {
    const { client, fake, tokens, received } = setup();
    fake.on("GET /api/users/current/", json({}, { status: 401 }));
    fake.on("POST /api/token/refresh/", () => {
      throw new TypeError("Failed to fetch");
    });

    const error = await failureOf(client.call(api.currentUser));

    expect(error.message).toBe(t(ERROR_MESSAGES.networkError));
    expect(tokens.state.cleared).toBe(false);
    expect(received).toEqual([]);
  });

  it("never refreshes for the login call itself and reports the server's words", async () => {
    const { client, fake, received } = setup();
    fake.on(
      "POST /api/auth/login/",
      json({ error: "Authentication failed. Please check your credentials." }, { status: 401 }),
    );

    const error = await failureOf(client.call(api.login, { email: "jane@example.com", password: "wrong" }));

    expect(error.message).toBe("Authentication failed. Please check your credentials.");
    expect(error.serverMessage).toBe("Authentication failed. Please check your credentials.");
    expect(fake.calls("POST /api/token/refresh/")).toHaveLength(0);
    expect(received).toEqual([]);
  });

  it("sends no stale bearer token with the login call", async () => {
    const { client, fake } = setup();
    fake.on("POST /api/auth/login/", json(buildLoginResponse(user)));

    await client.call(api.login, { email: "jane@example.com", password: "secret" });

    expect(fake.calls("POST /api/auth/login/")[0]?.headers.authorization).toBeUndefined();
  });

  it("fails with the server's 401 and raises nothing when no refresh token is stored", async () => {
    const { client, fake, received } = setup({ tokens: null });
    fake.on(
      "POST /api/associate-company/",
      json({ error: "Please verify your email address first." }, { status: 401 }),
    );

    const error = await failureOf(
      client.call(api.associateCompany, {
        userId: "u1",
        companyName: "Acme",
        displayName: "Jane",
        team: "t1",
        role: "employee",
        requesting_admin: false,
      }),
    );

    expect(error.message).toBe("Please verify your email address first.");
    expect(received).toEqual([]);
  });
});

describe("ApiClient CSRF handling", () => {
  it("fetches a new CSRF token and retries once on a 403 mentioning CSRF", async () => {
    const { client, fake } = setup();
    let tokenNumber = 0;
    fake.on("GET /api/csrf-token/", () => {
      tokenNumber += 1;
      return json({ csrfToken: `csrf-${tokenNumber}` });
    });
    fake.on("POST /api/user/update-onboarding-status/", (request) =>
      request.headers["x-csrftoken"] === "csrf-2"
        ? json({ success: true, user })
        : json({ error: "csrf token missing or incorrect." }, { status: 403 }),
    );

    await client.call(api.updateOnboardingStatus, { onboarding_status: "awaiting_initial_tour" });

    expect(fake.calls("GET /api/csrf-token/")).toHaveLength(2);
    expect(fake.calls("POST /api/user/update-onboarding-status/")).toHaveLength(2);
  });

  it("retries only once when the server keeps refusing the CSRF token", async () => {
    const { client, fake } = setup();
    fake.on(
      "POST /api/user/update-onboarding-status/",
      json({ error: "CSRF token missing or incorrect." }, { status: 403 }),
    );

    const error = await failureOf(
      client.call(api.updateOnboardingStatus, { onboarding_status: "awaiting_initial_tour" }),
    );

    expect(error.status).toBe(403);
    expect(error.message).toBe("CSRF token missing or incorrect.");
    expect(fake.calls("POST /api/user/update-onboarding-status/")).toHaveLength(2);
  });

  it("does not retry a 403 that is not about CSRF", async () => {
    const { client, fake } = setup();
    fake.on("POST /api/admin-request-response/", json({}, { status: 403 }));

    const error = await failureOf(
      client.call(api.adminRequestResponse, { requestId: "r1", adminId: "a1", approved: true }),
    );

    expect(error.message).toBe("You do not have permission to perform this action.");
    expect(fake.calls("POST /api/admin-request-response/")).toHaveLength(1);
    expect(fake.calls("GET /api/csrf-token/")).toHaveLength(1);
  });
});

describe("ApiClient rate limits", () => {
  it("dispatches api:rate-limited with retryAfter 30 when Retry-After is absent", async () => {
    const { client, fake, received } = setup();
    fake.on("GET /api/users/current/", json({}, { status: 429 }));

    const error = await failureOf(client.call(api.currentUser));

    expect(received).toEqual([{ type: RATE_LIMITED_EVENT, detail: { retryAfter: 30 } }]);
    expect(error.message).toBe("Too many requests. Please try again later.");
    expect(error.retryAfter).toBe(30);
  });

  it("reads Retry-After seconds and fails with the server's message", async () => {
    const { client, fake, received } = setup();
    fake.on(
      "POST /api/auth/login/",
      json({ error: "Too many login attempts." }, { status: 429, headers: { "Retry-After": "12" } }),
    );

    const error = await failureOf(client.call(api.login, { email: "jane@example.com", password: "secret" }));

    expect(received).toEqual([{ type: RATE_LIMITED_EVENT, detail: { retryAfter: 12 } }]);
    expect(error.message).toBe("Too many login attempts.");
  });

  it("refuses the 6th login in a minute with 'Rate limit exceeded. Try again in N seconds.' without sending it", async () => {
    let now = 1_000_000;
    const { client, fake } = setup({ now: () => now });
    fake.on("POST /api/auth/login/", json(buildLoginResponse(user)));
    const credentials = { email: "jane@example.com", password: "secret" };

    for (let attempt = 0; attempt < 5; attempt += 1) {
      await client.call(api.login, credentials);
      now += 1_000;
    }
    const error = await failureOf(client.call(api.login, credentials));

    // The first login left the window at 1_000_000; it is now 1_005_000, so 55 s remain.
    expect(error.message).toBe("Rate limit exceeded. Try again in 55 seconds.");
    expect(error.status).toBe(429);
    expect(fake.calls("POST /api/auth/login/")).toHaveLength(5);

    now = 1_000_000 + 60_000;
    await expect(client.call(api.login, credentials)).resolves.toBeTruthy();
  });

  it("limits password reset requests to 3 a minute", async () => {
    const { client, fake } = setup({ now: () => 5_000 });
    fake.on("POST /api/password-reset/request/", json({ success: true }));

    for (let attempt = 0; attempt < 3; attempt += 1) {
      await client.call(api.passwordResetRequest, { email: "jane@example.com" });
    }

    await expect(client.call(api.passwordResetRequest, { email: "jane@example.com" })).rejects.toThrow(
      "Rate limit exceeded. Try again in 60 seconds.",
    );
  });

  it("limits GET requests to 60 a minute", async () => {
    const { client, fake } = setup({ now: () => 5_000 });
    fake.on("GET /api/users/current/", json(user));

    for (let attempt = 0; attempt < 60; attempt += 1) await client.call(api.currentUser);

    await expect(client.call(api.currentUser)).rejects.toThrow("Rate limit exceeded. Try again in 60 seconds.");
    expect(fake.calls("GET /api/users/current/")).toHaveLength(60);
  });
});

describe("ApiClient failures", () => {
  it.each([
    [400, "Invalid request. Please check your input and try again."],
    [401, "Authentication required. Please log in again."],
    [403, "You do not have permission to perform this action."],
    [404, "The requested resource was not found."],
    [422, "The request could not be processed. Please check your input."],
    [429, "Too many requests. Please try again later."],
    [500, "Server error. Please try again later."],
    [502, "Server error. Please try again later."],
    [503, "Server error. Please try again later."],
    [504, "Server error. Please try again later."],
    [418, "Request failed with status 418"],
  ])("answers status %i without a server message with '%s'", async (status, message) => {
    const { client, fake } = setup({ tokens: null });
    fake.on("GET /api/users/current/", new Response(null, { status }));

    const error = await failureOf(client.call(api.currentUser));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.serverMessage).toBeUndefined();
  });

  it("uses the server's error, code and field errors", async () => {
    const { client, fake } = setup();
    fake.on(
      "POST /api/verify-company/",
      json(
        {
          success: false,
          error: "Company verification failed.",
          code: "company.verification_failed",
          fields: { companyName: "Unknown" },
        },
        { status: 400 },
      ),
    );

    const error = await failureOf(client.call(api.verifyCompany, { companyName: "Nope", companyPassword: "x" }));

    expect(error).toMatchObject({
      status: 400,
      message: "Company verification failed.",
      code: "company.verification_failed",
      fields: { companyName: "Unknown" },
    });
  });

  it("uses the server's message field when it has no error field", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", json({ message: "Maintenance in progress." }, { status: 503 }));

    await expect(client.call(api.currentUser)).rejects.toThrow("Maintenance in progress.");
  });

  it("fails with 'Network error. Please check your internet connection.' when the network fails", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", () => {
      throw new TypeError("Failed to fetch");
    });

    const error = await failureOf(client.call(api.currentUser));

    expect(error.message).toBe("Network error. Please check your internet connection.");
    expect(error.status).toBe(0);
  });

  it("gives up after the time-out and aborts the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const slowFetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    const slowClient = new ApiClient({
      fetch: slowFetch as typeof fetch,
      tokens: memoryTokens().store,
      events: new EventTarget(),
      timeoutMs: 30_000,
    });

    const pending = failureOf(slowClient.call(api.currentUser));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;

    expect(signal?.aborted).toBe(true);
    expect(error.code).toBe("client.timeout");
    expect(error.status).toBe(0);
  });

  it("lets a caller's cancellation through as an abort, not a network error", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", json(user));
    const controller = new AbortController();
    controller.abort();

    await expect(client.call(api.currentUser, undefined, { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("fails clearly when the answer does not match the contract", async () => {
    const { client, fake } = setup();
    fake.on("GET /api/users/current/", json({ id: 42 }));

    const error = await failureOf(client.call(api.currentUser));

    expect(error.code).toBe("client.invalid_response");
  });
});
