import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTE_RATE_LIMITS } from "../../plugins/route-rate-limits.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildUser } from "../../test/factories.ts";
import { AUTH_GUESS_LIMITS, AUTH_RATE_LIMITS } from "./auth.routes.ts";

const REDIS_URL = process.env.REDIS_TEST_URL?.trim() || "redis://127.0.0.1:6379";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function start(env: Record<string, string> = {}) {
  const app = await buildTestApp({ env });
  apps.push(app);
  return app;
}

const unique = () => randomBytes(6).toString("hex");

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ success: false, code: "request.rate_limited" });
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

/** Sends `count` requests one after another and answers their status codes. */
async function repeat(count: number, send: (index: number) => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await send(index)).statusCode);
  return statuses;
}

const ruleOf = (limit: { rules: readonly { per: string; max: number }[] }, per: string) =>
  limit.rules.find((rule) => rule.per === per)!;

/** Route limits scaled down, so a test reaches them in a few requests. */
const SCALED_DOWN = { RATE_LIMIT_MULTIPLIER: "0.1" };
const scaledDown = (max: number) => Math.ceil(max * 0.1);
const routeLimitOf = (route: string) => {
  const limit = ROUTE_RATE_LIMITS.get(route);
  if (!limit || limit === "unlimited") throw new Error(`${route} has no limit`);
  return limit.max;
};

describe("server-side rate limits of the sign-in steps", () => {
  it("refuses wrong passwords for one account from one address past the limit, without blocking others", async () => {
    const app = await start();
    const { max } = ruleOf(AUTH_GUESS_LIMITS.login, "target-and-address");
    const victim = await buildUser(app.db);
    const statuses = await repeat(max, () =>
      app.client.post("/api/auth/login/", { email: victim.email, password: "guess-guess" }),
    );
    expect(statuses.every((status) => status === 401)).toBe(true);

    expectRateLimited(
      await app.client.post("/api/auth/login/", { email: victim.email.toUpperCase(), password: victim.password }),
    );

    const other = await buildUser(app.db);
    expect(
      (await app.client.post("/api/auth/login/", { email: other.email, password: other.password })).statusCode,
    ).toBe(200);
  });

  it("limits login calls per address across accounts", async () => {
    const app = await start(SCALED_DOWN);
    const max = scaledDown(routeLimitOf("POST /api/auth/login/"));
    await repeat(max, (index) =>
      app.client.post("/api/auth/login/", { email: `spray-${index}@example.com`, password: "x" }),
    );
    expectRateLimited(await app.client.post("/api/auth/login/", { email: "one-more@example.com", password: "x" }));
  });

  it("limits verification code requests per IP and e-mail", async () => {
    const app = await start();
    const { max } = AUTH_RATE_LIMITS.verificationCodePerIpAndEmail;
    const body = { email: `eager-${unique()}@example.com`, password: "Sunshine-2026", first_name: "A", last_name: "B" };
    const statuses = await repeat(max, () => app.client.post("/api/request-verification-code/", body));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expectRateLimited(await app.client.post("/api/request-verification-code/", body));
    expect(AUTH_RATE_LIMITS.verificationCodePerIpAndEmail.timeWindow).toBe("10 minutes");
  });

  it("limits wrong verification codes per address across e-mails", async () => {
    const app = await start(SCALED_DOWN);
    const max = scaledDown(ruleOf(AUTH_GUESS_LIMITS.verificationCode, "address").max);
    const statuses = await repeat(max, (index) =>
      app.client.post("/api/verify-email-register/", { email: `guess-${index}@example.com`, code: "123456" }),
    );
    expect(statuses.every((status) => status === 400)).toBe(true);
    expectRateLimited(await app.client.post("/api/verify-email-register/", { email: "x@example.com", code: "123456" }));
  });

  it("limits password reset requests per IP and e-mail to the client's 3 a minute", async () => {
    const app = await start();
    expect(AUTH_RATE_LIMITS.passwordResetRequestPerIpAndEmail.max).toBe(3);
    const email = `reset-${unique()}@example.com`;
    const statuses = await repeat(3, () => app.client.post("/api/password-reset/request/", { email }));
    expect(statuses).toEqual([200, 200, 200]);
    expectRateLimited(await app.client.post("/api/password-reset/request/", { email }));
  });

  it("limits unknown reset links per address, on the check and the completion together", async () => {
    const app = await start();
    const { max } = ruleOf(AUTH_GUESS_LIMITS.passwordResetToken, "address");
    const statuses = await repeat(max, (index) =>
      index % 2 === 0
        ? app.client.get(`/api/password-reset/nope-${index}/`)
        : app.client.post("/api/password-reset/complete/", { token: `nope-${index}`, password: "Long-enough-1" }),
    );
    expect(statuses.every((status) => status === 400)).toBe(true);
    expectRateLimited(
      await app.client.post("/api/password-reset/complete/", { token: "nope", password: "Long-enough-1" }),
    );
  });

  it("limits token refreshes per address", async () => {
    const app = await start(SCALED_DOWN);
    const max = scaledDown(routeLimitOf("POST /api/token/refresh/"));
    await repeat(max, () => app.client.post("/api/token/refresh/", { refresh: "nope" }));
    expectRateLimited(await app.client.post("/api/token/refresh/", { refresh: "nope" }));
  });

  it("shares route counters and failed-guess counters between two instances through Redis", async () => {
    const env = { REDIS_URL, TRUST_PROXY: "1" };
    const first = await start(env);
    const second = await start(env);
    // A fresh client address and e-mail, so runs sharing this Redis never meet each other's counters.
    const headers = { "x-forwarded-for": `10.${randomBytes(3).join(".")}` };
    const email = `shared-${unique()}@example.com`;
    const { max } = ruleOf(AUTH_GUESS_LIMITS.login, "target-and-address");
    const attempt = (app: TestApp) =>
      app.client.post("/api/auth/login/", { email, password: "guess-guess" }, { headers });

    const responses: LightMyRequestResponse[] = [];
    for (let index = 0; index < max; index++) responses.push(await attempt(index % 2 === 0 ? first : second));
    expect(responses.every((response) => response.statusCode === 401)).toBe(true);
    // The route's own counter is shared too: the last call saw every earlier one.
    expect(Number(responses.at(-1)!.headers["x-ratelimit-remaining"])).toBe(
      routeLimitOf("POST /api/auth/login/") - max,
    );

    expectRateLimited(await attempt(second));
    expectRateLimited(await attempt(first));
  });
});
