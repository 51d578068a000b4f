import { createECDH } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig, REPO_ROOT } from "../config/env.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { createAccessTokens } from "../lib/access-token.ts";
import { createTestDatabase } from "./database.ts";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

/** The VAPID key pair of the test apps, made once per test process. */
export const TEST_VAPID_KEYS = (() => {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const privateKey = curve.getPrivateKey();
  return {
    publicKey: curve.getPublicKey("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url"),
  };
})();

/** A clock tests can move forward. */
export function createTestClock(start = new Date("2026-11-22T09:00:00Z")) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (milliseconds: number) => {
    now += milliseconds;
  };
  return clock;
}

/** Test configuration: quiet logs, a fixed secret, and no built web app unless asked. */
export function createTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: TEST_JWT_SECRET,
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(REPO_ROOT, ".tmp/test-data"),
    WEB_DIST_DIR: path.join(REPO_ROOT, ".tmp/no-web-build"),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  config: Config;
  clock: ReturnType<typeof createTestClock>;
  client: TestClient;
  /** An access token for a user, as login would issue it now (in the user's current session generation). */
  tokenFor(user: { id: string; companyId: string | null }): Promise<string>;
  close(): Promise<void>;
}

/** Builds the whole server on a fresh migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function buildTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = createTestConfig(options.env);
  const clock = createTestClock();
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();
  const accessTokens = createAccessTokens(config.jwtSecret, clock);
  return {
    app,
    database,
    db: database.db,
    config,
    clock,
    client: createTestClient(app),
    async tokenFor(user) {
      const [row] = await database.db
        .select({ sessionGeneration: users.sessionGeneration })
        .from(users)
        .where(eq(users.id, user.id));
      return accessTokens.sign({
        userId: user.id,
        companyId: user.companyId,
        sessionGeneration: row?.sessionGeneration ?? 0,
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Something the tests of the enclosing `describe` (or file) share, such as a test app: `start`
 * runs before them and its result is closed after them. Call it where the suite is declared; the
 * answer reads through to the started value, so use it inside tests and later hooks only.
 */
export function startedForSuite<T extends { close(): unknown }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error("Not started yet: read it inside the suite's tests or later hooks");
      return Reflect.get(started, key);
    },
  });
}

/** The app of a test file that builds one per test: `start()` builds it, and it is closed after each test. */
export interface TestAppPerTest {
  start(options?: { env?: Record<string, string> }): Promise<TestApp>;
  /** The app the running test started. */
  readonly current: TestApp;
}

/** A fresh app per test: call it at the top of the file; each test starts its app, closed after the test. */
export function testAppPerTest(): TestAppPerTest {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    async start(options) {
      current = await buildTestApp(options);
      return current;
    },
    get current() {
      if (!current) throw new Error("No test app: call start() in the test first");
      return current;
    },
  };
}

export interface TestRequest {
  method?: InjectOptions["method"];
  url: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Leave out the CSRF token (to test the check itself). */
  withoutCsrf?: boolean;
}

export type TestClient = ReturnType<typeof createTestClient>;

/** Sends requests as the web client does: CSRF token and cookie on mutating calls, bearer token when given. */
export function createTestClient(app: FastifyInstance) {
  let csrf: { token: string; cookie: string } | undefined;
  const cookies = new Map<string, string>();

  async function csrfToken() {
    if (csrf) return csrf;
    const response = await app.inject({ method: "GET", url: "/api/csrf-token/" });
    const token = response.json<{ csrfToken: string }>().csrfToken;
    csrf = { token, cookie: `csrftoken=${token}` };
    return csrf;
  }

  async function request(options: TestRequest): Promise<LightMyRequestResponse> {
    const method = options.method ?? (options.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...options.headers };
    const cookieParts = [...cookies].map(([name, value]) => `${name}=${value}`);
    if (method !== "GET" && method !== "HEAD" && !options.withoutCsrf) {
      const { token, cookie } = await csrfToken();
      headers["x-csrftoken"] = token;
      cookieParts.push(cookie);
    }
    if (cookieParts.length > 0) headers.cookie = [headers.cookie, ...cookieParts].filter(Boolean).join("; ");
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.inject({
      method,
      url: options.url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions["payload"] }),
    });
    for (const cookie of response.cookies) {
      if (cookie.name === "csrftoken") continue;
      if (cookie.value === "" || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  return {
    request,
    get: (url: string, options: Omit<TestRequest, "url" | "method"> = {}) =>
      request({ ...options, url, method: "GET" }),
    post: (url: string, body: unknown, options: Omit<TestRequest, "url" | "method" | "body"> = {}) =>
      request({ ...options, url, method: "POST", body }),
    /** Posts `body` as it is, labelled `contentType` (a body that is not JSON, or not well-formed JSON). */
    postAs: (
      url: string,
      body: string,
      contentType: string,
      options: Omit<TestRequest, "url" | "method" | "body"> = {},
    ) =>
      request({ ...options, url, method: "POST", body, headers: { ...options.headers, "content-type": contentType } }),
    patch: (url: string, body: unknown, options: Omit<TestRequest, "url" | "method" | "body"> = {}) =>
      request({ ...options, url, method: "PATCH", body }),
    put: (url: string, body: unknown, options: Omit<TestRequest, "url" | "method" | "body"> = {}) =>
      request({ ...options, url, method: "PUT", body }),
    delete: (url: string, options: Omit<TestRequest, "url" | "method"> = {}) =>
      request({ ...options, url, method: "DELETE" }),
    /** Cookies the server set on this client (e.g. the registration proof). */
    cookies,
  };
}
