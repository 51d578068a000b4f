import rateLimit from "@fastify/rate-limit";
import { AppError } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import type { Config } from "../config/env.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** A per-route rate limit, scaled by RATE_LIMIT_MULTIPLIER (raised for load benchmarks). */
    limitTo(max: number, timeWindow?: string): { rateLimit: { max: number; timeWindow: string } };
  }
}

/**
 * Server-side rate limits (DESIGN section 3). Registered with global: false, so each route
 * sets its own; backed by Redis when REDIS_URL is set so limits hold across instances.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const redis = options.config.redisUrl
      ? new Redis(options.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook("onClose", async () => void (await redis.quit()));

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: "ideaport-rate-limit-", skipOnError: false } : {}),
      errorResponseBuilder: () => {
        const error = new AppError("request.rate_limited") as AppError & { statusCode: number };
        error.statusCode = 429;
        return error;
      },
    });

    app.decorate("limitTo", (max: number, timeWindow = "1 minute") => ({
      rateLimit: { max: Math.max(1, Math.ceil(max * options.config.rateLimitMultiplier)), timeWindow },
    }));
  },
  { name: "rate-limits" },
);
