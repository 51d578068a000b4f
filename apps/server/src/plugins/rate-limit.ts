import { once } from "node:events";
import { createRequire } from "node:module";
import rateLimit, { type FastifyRateLimitStore, normalizeIP } from "@fastify/rate-limit";
import { AppError, type Endpoint } from "@ideaport/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Config } from "../config/env.ts";
import {
  createFailedGuessGuard,
  type FailedGuessGuard,
  type FailedGuessHooks,
  type FailedGuessLimit,
} from "./failed-guesses.ts";
import { API_TOKEN_REQUESTS_PER_MINUTE, ROUTE_RATE_LIMITS, routeKeyOf } from "./route-rate-limits.ts";

type RouteLimitConfig = {
  rateLimit?: { max: number; timeWindow: string; keyGenerator: (request: FastifyRequest) => string };
};

/** Where the counters live: in this process, in Redis, or in this process because Redis is unreachable. */
export type RateLimitBackend = "in-process" | "redis" | "in-process, Redis unreachable";

declare module "fastify" {
  interface FastifyInstance {
    /** A route's config from ROUTE_RATE_LIMITS (per person or per address), scaled by RATE_LIMIT_MULTIPLIER. */
    limitTo(endpoint: Pick<Endpoint, "method" | "path">): RouteLimitConfig;
    /** A count scaled by RATE_LIMIT_MULTIPLIER (raised for load benchmarks and end-to-end runs). */
    scaleRateLimit(max: number): number;
    /** A guard counting failed guesses (failed-guesses.ts) in the rate limits' store. */
    failedGuesses(limit: FailedGuessLimit, hooks?: FailedGuessHooks): FailedGuessGuard;
    /** Counts a request made with an API token in that token's own bucket; 429 once it is spent. */
    countApiTokenRequest(request: FastifyRequest, tokenId: string): Promise<void>;
    /** Where the rate-limit counters live right now (readiness reports it). */
    rateLimitBackend(): RateLimitBackend;
  }
}

const require = createRequire(import.meta.url);
type StoreCtor = new (
  ...args: unknown[]
) => FastifyRateLimitStore & {
  read?: FastifyRateLimitStore["incr"];
};
const LocalStore: StoreCtor = require("@fastify/rate-limit/store/LocalStore.js");
const RedisStore: StoreCtor = require("@fastify/rate-limit/store/RedisStore.js");

/**
 * Server-side rate limits. Registered with global: false, so each route takes its row of
 * ROUTE_RATE_LIMITS through `app.limitTo`; backed by Redis when REDIS_URL is set so limits hold
 * across instances. While Redis is unreachable the counters fall back to this process (limits then
 * hold per instance), with one error log line, and readiness says so; nothing answers 500.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const { config } = options;
    const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
    if (redis) {
      // Wait briefly for the first connection, so the first requests already share counters; a
      // failed connection (once() rejects on "error") starts the server on in-process counters.
      await Promise.race([
        once(redis, "ready").catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2000).unref()),
      ]);
      app.addHook("onClose", async () => {
        if (redis.status === "ready") await redis.quit();
        else redis.disconnect();
      });
    }

    // @fastify/rate-limit pushes a route's limiter onto its onRequest array: routes sharing one
    // options object would carry each other's limiters. Every route gets its own array first.
    app.addHook("onRoute", (route) => {
      if (Array.isArray(route.onRequest)) route.onRequest = [...route.onRequest];
    });

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: fallbackStoreFor(redis), skipOnError: false } : {}),
      errorResponseBuilder: () => {
        const error = new AppError("request.rate_limited") as AppError & { statusCode: number };
        error.statusCode = 429;
        return error;
      },
    });

    const scale = (max: number) => Math.max(1, Math.ceil(max * config.rateLimitMultiplier));
    app.decorate("scaleRateLimit", scale);
    app.decorate("limitTo", (endpoint: Pick<Endpoint, "method" | "path">) => {
      const limit = ROUTE_RATE_LIMITS.get(routeKeyOf(endpoint));
      if (!limit) throw new Error(`No row in ROUTE_RATE_LIMITS for ${routeKeyOf(endpoint)}`);
      if (limit === "unlimited") return {};
      return {
        rateLimit: {
          max: scale(limit.max),
          timeWindow: limit.timeWindow,
          // The limiter runs after app.authenticate (later in the same onRequest list), so a
          // signed-in route counts per person; before sign-in, per address.
          keyGenerator: (request: FastifyRequest) => {
            if (limit.per === "person" && request.apiTokenId) return `api-token:${request.apiTokenId}`;
            return limit.per === "person" && request.caller
              ? `person:${request.caller.id}`
              : `address:${normalizeIP(request.ip)}`;
          },
        },
      };
    });
    const apiTokenBucket = app.createRateLimit({
      max: scale(API_TOKEN_REQUESTS_PER_MINUTE),
      timeWindow: "1 minute",
      keyGenerator: (request) => `api-token-all:${request.apiTokenId}`,
    });
    app.decorate("countApiTokenRequest", async (request: FastifyRequest, tokenId: string) => {
      request.apiTokenId = tokenId;
      const result = await apiTokenBucket(request);
      if (!result.isAllowed && result.isExceeded) throw new AppError("request.rate_limited");
    });
    app.decorate("failedGuesses", (limit: FailedGuessLimit, hooks?: FailedGuessHooks) =>
      createFailedGuessGuard(limit, { redis, multiplier: config.rateLimitMultiplier }, hooks),
    );
    app.decorate("rateLimitBackend", (): RateLimitBackend => {
      if (!redis) return "in-process";
      return redis.status === "ready" ? "redis" : "in-process, Redis unreachable";
    });
  },
  { name: "rate-limits" },
);

/**
 * A Redis client that fails fast while disconnected and logs once per outage. ioredis loads only
 * when REDIS_URL is set.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let isDown = false;
  redis.on("error", (error) => {
    if (isDown) return;
    isDown = true;
    app.log.error(
      { err: error },
      "Redis unreachable: rate limits fall back to in-process counters (per instance) until it is back",
    );
  });
  redis.on("ready", () => {
    if (!isDown) return;
    isDown = false;
    app.log.warn("Redis reachable again: rate limits are shared across instances");
  });
  return redis;
}

/**
 * A store that counts in Redis and, while Redis is not ready or a command fails, in this process.
 * Counts made during an outage stay in-process; Redis counters resume when it is back.
 */
function fallbackStoreFor(redis: Redis) {
  function FallbackStore(this: unknown, settings: { continueExceeding: boolean; exponentialBackoff: boolean }) {
    return createFallbackStore(
      new RedisStore(settings.continueExceeding, settings.exponentialBackoff, redis, "ideaport-rate-limit-"),
      new LocalStore(settings.continueExceeding, settings.exponentialBackoff),
    );
  }

  function createFallbackStore(shared: FastifyRateLimitStore, local: FastifyRateLimitStore): FastifyRateLimitStore {
    const choose =
      (method: "incr" | "read") =>
      (key: string, callback: Parameters<FastifyRateLimitStore["incr"]>[1], timeWindow: number, max: number) => {
        const inProcess = (local as unknown as Record<typeof method, FastifyRateLimitStore["incr"]>)[method];
        const inRedis = (shared as unknown as Record<typeof method, FastifyRateLimitStore["incr"]>)[method];
        if (redis.status !== "ready") return inProcess.call(local, key, callback, timeWindow, max);
        inRedis.call(
          shared,
          key,
          (error, result) => (error ? inProcess.call(local, key, callback, timeWindow, max) : callback(null, result)),
          timeWindow,
          max,
        );
      };
    return Object.assign(Object.create(null), {
      incr: choose("incr"),
      read: choose("read"),
      child: (routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) =>
        createFallbackStore(shared.child(routeOptions), local.child(routeOptions)),
    });
  }

  return FallbackStore as unknown as new (
    settings: unknown,
  ) => FastifyRateLimitStore;
}
