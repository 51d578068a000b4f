import {
  authEndpoints,
  buildPath,
  CLIENT_VERSION,
  DEFAULT_RETRY_AFTER_SECONDS,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  ERROR_MESSAGES,
  REQUEST_TIMEOUT_MS,
  statusMessage,
  telemetryEndpoints,
} from "@ideaport/shared";
import { dispatchRateLimited, dispatchSessionExpired } from "./events.ts";
import { currentLanguage, t } from "./i18n.ts";
import { createSlidingWindowLimiter, rateLimitBucketFor, type SlidingWindowLimiter } from "./rate-limiter.ts";
import { sessionTokenStore } from "./session.ts";

/** Codes of failures that happen in the browser, before or without an HTTP answer. */
export const CLIENT_ERROR_CODES = {
  network: "client.network",
  timeout: "client.timeout",
  rateLimited: "client.rate_limited",
  invalidResponse: "client.invalid_response",
  sessionExpired: "auth.session_expired",
} as const;

/** A failed API call: the HTTP status (0 when there was no answer), a readable message, a code and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** The server's own `error` or `message` text, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Seconds to wait, for 429 answers and client-side rate limits. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    message: string;
    code?: string | undefined;
    fields?: Record<string, string> | undefined;
    serverMessage?: string | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.serverMessage = init.serverMessage;
    this.retryAfter = init.retryAfter;
  }

  /** True when the failure happened in the browser (network, timeout, client rate limit). */
  get isClientSide(): boolean {
    return this.status === 0 || this.code === CLIENT_ERROR_CODES.rateLimited;
  }
}

/** Where the client reads and writes tokens; `session.ts` provides the browser one. */
export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  updateTokens(tokens: { access: string; refresh?: string | undefined }): void;
  clear(): void;
}

export interface ApiClientOptions {
  /** Prefix of every path; "" means same origin (`/api/...`). */
  baseUrl?: string;
  /** The edge of the world: the browser's fetch, or a fake in tests. */
  fetch?: typeof fetch;
  tokens?: TokenStore;
  /** Where `auth:session-expired` and `api:rate-limited` are raised. */
  events?: EventTarget;
  timeoutMs?: number;
  now?: () => number;
}

type AnyEndpoint = Endpoint;

/** A stream's request (from the `eventsource` library): its headers carry Accept and Last-Event-ID. */
export type StreamRequestInit = Omit<RequestInit, "headers"> & { headers: Record<string, string> };

export interface CallOptions<E extends AnyEndpoint> {
  params?: Record<string, string>;
  query?: EndpointQuery<E>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (web-vitals sent while the tab is hidden). */
  keepalive?: boolean;
  /** Sent as the Idempotency-Key header: the server runs a write with the same key once. */
  idempotencyKey?: string;
}

type CallArgs<E extends AnyEndpoint> = [EndpointBody<E>] extends [undefined]
  ? [body?: undefined, options?: CallOptions<E>]
  : [body: EndpointBody<E>, options?: CallOptions<E>];

interface Attempt {
  csrfRetried: boolean;
  authRetried: boolean;
}

interface RawAnswer {
  status: number;
  payload: unknown;
  /** Seconds from Retry-After, read for 429 answers only. */
  retryAfter?: number;
}

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Calls that must never trigger a token refresh: they are the authentication itself. */
const NO_REFRESH_PATHS = new Set<string>([
  authEndpoints.login.path,
  authEndpoints.tokenRefresh.path,
  authEndpoints.logout.path,
]);
/** Calls that do not send the stored bearer token (a stale one means nothing to them). */
const NO_BEARER_PATHS = new Set<string>([authEndpoints.login.path, authEndpoints.tokenRefresh.path]);

/**
 * The only module that knows HTTP: 30 s timeout, bearer token, client version and CSRF headers,
 * one token refresh on 401, one CSRF retry on 403, the 429 event and client-side rate limits.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly tokens: TokenStore;
  private readonly events: EventTarget;
  private readonly timeoutMs: number;
  private readonly limiter: SlidingWindowLimiter;
  private csrfToken: string | null = null;
  private csrfRequest: Promise<string> | null = null;
  private refreshRequest: Promise<void> | null = null;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.tokens = options.tokens ?? sessionTokenStore;
    this.events = options.events ?? globalThis.window;
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.limiter = createSlidingWindowLimiter(options.now);
  }

  /** Calls one endpoint of the contract and returns its answer, parsed by the contract's schema. */
  async call<E extends AnyEndpoint>(endpoint: E, ...[body, options]: CallArgs<E>): Promise<EndpointResponse<E>> {
    const path = buildPath(endpoint.path, options?.params);
    const bucket = rateLimitBucketFor(endpoint.method, path);
    const decision = this.limiter.tryAcquire(bucket.key, bucket.limit);
    if (!decision.allowed) {
      throw new ApiError({
        status: 429,
        message: t(ERROR_MESSAGES.clientRateLimit, { seconds: decision.retryAfterSeconds }),
        code: CLIENT_ERROR_CODES.rateLimited,
        retryAfter: decision.retryAfterSeconds,
      });
    }
    const url = `${this.baseUrl}${path}${toQueryString(options?.query)}`;
    const answer = await this.send(endpoint, url, body, options ?? {}, { csrfRetried: false, authRetried: false });
    return parseAnswer(endpoint, answer);
  }

  /**
   * One (re)connection of a long-lived stream of `endpoint` (Server-Sent Events, lib/event-stream.ts):
   * the current access token, which a browser's EventSource cannot send, and one refresh on 401.
   * Once the session has ended there is no refresh token, and the 401 stops the stream.
   */
  async fetchStream(
    endpoint: AnyEndpoint,
    input: string | URL,
    init: StreamRequestInit,
    isRetry = false,
  ): Promise<Response> {
    const accessToken = this.tokens.getAccessToken();
    const headers: Record<string, string> = { ...init.headers, "X-Client-Version": CLIENT_VERSION };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const response = await this.fetchImpl(input, { ...init, headers, credentials: "include" });
    if (response.status !== 401 || isRetry || !this.canRefreshFor(endpoint)) return response;
    await this.refreshSession(accessToken);
    return this.fetchStream(endpoint, input, init, true);
  }

  /** Forgets the cached CSRF token and the rate-limit history (sign-out, tests). */
  reset(): void {
    this.csrfToken = null;
    this.csrfRequest = null;
    this.refreshRequest = null;
    this.limiter.reset();
  }

  /** Fetches a CSRF token now so that a later mutating call (sent while the page hides) needs no round trip. */
  async prefetchCsrfToken(): Promise<void> {
    await this.getCsrfToken();
  }

  private async send(
    endpoint: AnyEndpoint,
    url: string,
    body: unknown,
    options: CallOptions<AnyEndpoint>,
    attempt: Attempt,
  ): Promise<RawAnswer> {
    // The server answers errors in the page's language, so a signed-out page follows its switcher.
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Accept-Language": currentLanguage(),
      "X-Client-Version": CLIENT_VERSION,
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    const accessToken = NO_BEARER_PATHS.has(endpoint.path) ? null : this.tokens.getAccessToken();
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    let csrfToken: string | null = null;
    if (MUTATING_METHODS.has(endpoint.method)) {
      csrfToken = await this.getCsrfToken();
      headers["X-CSRFToken"] = csrfToken;
    }

    // A GET the page sent before its code had loaded (early-requests.ts) is answered by that request.
    const early =
      endpoint.method === "GET" ? globalThis.window?.ideaportEarlyRequests?.take(url, accessToken) : undefined;
    const earlyAnswer: RawAnswer | null = early ? await early : null;
    const answer =
      earlyAnswer ??
      (await this.fetchAnswer(url, {
        method: endpoint.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "include",
        keepalive: options.keepalive ?? false,
        signal: options.signal,
      }));
    if (answer.status >= 200 && answer.status < 300) return answer;

    if (answer.status === 401 && !attempt.authRetried && this.canRefreshFor(endpoint)) {
      await this.refreshSession(accessToken);
      return this.send(endpoint, url, body, options, { ...attempt, authRetried: true });
    }
    if (answer.status === 403 && !attempt.csrfRetried && mentionsCsrf(answer.payload)) {
      this.invalidateCsrfToken(csrfToken);
      return this.send(endpoint, url, body, options, { ...attempt, csrfRetried: true });
    }
    if (answer.status === 429) {
      const retryAfter = answer.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS;
      dispatchRateLimited(this.events, retryAfter);
      throw errorFromAnswer(answer, retryAfter);
    }
    throw errorFromAnswer(answer);
  }

  /** One fetch with the 30 s timeout, covering the body as well as the headers. */
  private async fetchAnswer(url: string, init: RequestInit & { signal?: AbortSignal | undefined }): Promise<RawAnswer> {
    const controller = new AbortController();
    const callerSignal = init.signal;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    callerSignal?.addEventListener("abort", forwardAbort, { once: true });
    try {
      const response = await this.fetchImpl(url, { ...init, signal: controller.signal });
      const payload = await readPayload(response);
      if (response.status === 429) {
        return { status: 429, payload, retryAfter: parseRetryAfter(response.headers.get("Retry-After"), Date.now()) };
      }
      return { status: response.status, payload };
    } catch (error) {
      if (timedOut) {
        throw new ApiError({ status: 0, message: t(ERROR_MESSAGES.requestTimeout), code: CLIENT_ERROR_CODES.timeout });
      }
      // The caller cancelled (TanStack Query unmounting, a newer search): let the abort through.
      if (callerSignal?.aborted) throw error;
      throw new ApiError({ status: 0, message: t(ERROR_MESSAGES.networkError), code: CLIENT_ERROR_CODES.network });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", forwardAbort);
    }
  }

  private canRefreshFor(endpoint: AnyEndpoint): boolean {
    return !NO_REFRESH_PATHS.has(endpoint.path) && this.tokens.getRefreshToken() !== null;
  }

  /**
   * Refreshes the tokens once for every request that met a 401 with the same access token, so
   * concurrent 401s share one refresh. A refused refresh ends the session; a refresh that could
   * not reach the server (offline, 5xx, 429) fails the call without signing the user out.
   */
  private async refreshSession(usedAccessToken: string | null): Promise<void> {
    const currentAccessToken = this.tokens.getAccessToken();
    if (!this.refreshRequest && currentAccessToken && currentAccessToken !== usedAccessToken) return;
    if (!this.refreshRequest) {
      this.refreshRequest = this.performRefresh().finally(() => {
        this.refreshRequest = null;
      });
    }
    await this.refreshRequest;
  }

  private async performRefresh(): Promise<void> {
    const refresh = this.tokens.getRefreshToken();
    if (!refresh) throw this.expireSession();
    let tokens: EndpointResponse<typeof authEndpoints.tokenRefresh>;
    try {
      const answer = await this.send(
        authEndpoints.tokenRefresh,
        `${this.baseUrl}${authEndpoints.tokenRefresh.path}`,
        { refresh },
        {},
        { csrfRetried: false, authRetried: true },
      );
      tokens = parseAnswer(authEndpoints.tokenRefresh, answer);
    } catch (error) {
      if (error instanceof ApiError && isRefusal(error)) throw this.expireSession();
      throw error;
    }
    this.tokens.updateTokens({ access: tokens.access, refresh: tokens.refresh });
  }

  private expireSession(): ApiError {
    this.tokens.clear();
    dispatchSessionExpired(this.events);
    return new ApiError({
      status: 401,
      message: t(ERROR_MESSAGES.authenticationExpired),
      code: CLIENT_ERROR_CODES.sessionExpired,
    });
  }

  private async getCsrfToken(): Promise<string> {
    if (this.csrfToken) return this.csrfToken;
    if (!this.csrfRequest) {
      this.csrfRequest = this.fetchCsrfToken().finally(() => {
        this.csrfRequest = null;
      });
    }
    return this.csrfRequest;
  }

  private async fetchCsrfToken(): Promise<string> {
    const answer = await this.fetchAnswer(`${this.baseUrl}${telemetryEndpoints.csrfToken.path}`, {
      method: "GET",
      headers: { Accept: "application/json", "X-Client-Version": CLIENT_VERSION },
      credentials: "include",
    });
    if (answer.status < 200 || answer.status >= 300) throw errorFromAnswer(answer);
    const { csrfToken } = parseAnswer(telemetryEndpoints.csrfToken, answer);
    this.csrfToken = csrfToken;
    return csrfToken;
  }

  /** Drops the token a request was refused with, unless a concurrent retry already replaced it. */
  private invalidateCsrfToken(usedToken: string | null): void {
    if (this.csrfToken === usedToken) this.csrfToken = null;
  }
}

/** Answers that mean "this refresh token is no good", as opposed to "the server could not be reached". */
function isRefusal(error: ApiError): boolean {
  return error.status === 400 || error.status === 401 || error.status === 403 || error.status === 404;
}

function parseAnswer<E extends AnyEndpoint>(endpoint: E, answer: RawAnswer): EndpointResponse<E> {
  const parsed = endpoint.response.safeParse(answer.payload);
  if (!parsed.success) {
    throw new ApiError({
      status: answer.status,
      message: t(ERROR_MESSAGES.invalidResponse),
      code: CLIENT_ERROR_CODES.invalidResponse,
    });
  }
  return parsed.data as EndpointResponse<E>;
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function serverMessageOf(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const record = payload as Record<string, unknown>;
  for (const key of ["error", "message", "detail"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

function errorFromAnswer(answer: RawAnswer, retryAfter?: number): ApiError {
  const serverMessage = serverMessageOf(answer.payload);
  const record = typeof answer.payload === "object" && answer.payload !== null ? answer.payload : {};
  const code = "code" in record && typeof record.code === "string" ? record.code : undefined;
  const fields =
    "fields" in record && typeof record.fields === "object" && record.fields !== null
      ? (record.fields as Record<string, string>)
      : undefined;
  return new ApiError({
    status: answer.status,
    message: serverMessage ?? t(statusMessage(answer.status), { status: answer.status }),
    code,
    fields,
    serverMessage,
    retryAfter,
  });
}

function mentionsCsrf(payload: unknown): boolean {
  const text = typeof payload === "string" ? payload : (serverMessageOf(payload) ?? "");
  const code = typeof payload === "object" && payload !== null && "code" in payload ? String(payload.code) : "";
  return /csrf/i.test(text) || /csrf/i.test(code);
}

/** Retry-After in seconds: a number of seconds or an HTTP date; 30 when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number {
  if (header === null || header.trim() === "") return DEFAULT_RETRY_AFTER_SECONDS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function toQueryString(query: unknown): string {
  if (typeof query !== "object" || query === null) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

/** The app's client: same origin, browser storage, window events. */
export const apiClient = new ApiClient();
