import { createHash } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import { AppError, type ErrorCode } from "@ideaport/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from "rate-limiter-flexible";

/**
 * What a failed guess is counted against: the thing guessed at (an account, a company) from any
 * address, the client address whatever it guesses at, or the pair.
 */
export type GuessScope = "target" | "address" | "target-and-address";

export interface GuessRule {
  per: GuessScope;
  /** Failed guesses allowed in the window; the next attempt answers 429 until the window ends. */
  max: number;
  windowSeconds: number;
}

export interface FailedGuessLimit {
  /** Prefixes the counters' keys. */
  name: string;
  rules: readonly GuessRule[];
  /** The error codes that mean "wrong guess"; any other outcome is not counted. */
  failures: readonly ErrorCode[];
}

/** Runs one guess: refused with 429 while a counter is spent; counted when it fails. */
export interface FailedGuessGuard {
  attempt<T>(request: FastifyRequest, reply: FastifyReply, target: string, guess: () => Promise<T>): Promise<T>;
}

/**
 * Counts failed guesses (wrong password, wrong code, unknown token) rather than calls, so a whole
 * office signing in from one address is never refused for succeeding. Counters live in Redis when
 * it is configured, with in-process counters as insurance while it is unreachable. A success
 * clears the counter of that target from that address; the target's count across addresses stays,
 * so a correct guess elsewhere cannot wipe out the evidence of an attack.
 */
export function createFailedGuessGuard(
  limit: FailedGuessLimit,
  store: { redis: Redis | undefined; multiplier: number },
): FailedGuessGuard {
  const counters = limit.rules.map((rule) => ({ rule, limiter: createCounter(limit.name, rule, store) }));

  function keyOf(scope: GuessScope, request: FastifyRequest, target: string) {
    const address = normalizeIP(request.ip);
    if (scope === "address") return address;
    const hashedTarget = hashTarget(target);
    return scope === "target" ? hashedTarget : `${hashedTarget}:${address}`;
  }

  return {
    async attempt(request, reply, target, guess) {
      const keys = counters.map(({ rule, limiter }) => ({ rule, limiter, key: keyOf(rule.per, request, target) }));
      const states = await Promise.all(keys.map(({ limiter, key }) => limiter.get(key)));
      const spent = states
        .map((state, index) => ({ state, max: keys[index]!.limiter.points }))
        .filter((entry): entry is { state: RateLimiterRes; max: number } =>
          Boolean(entry.state && entry.state.consumedPoints >= entry.max),
        );
      if (spent.length > 0) {
        const waitMs = Math.max(...spent.map(({ state }) => state.msBeforeNext));
        reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
        throw new AppError("request.rate_limited");
      }
      try {
        const result = await guess();
        await Promise.all(
          keys.filter(({ rule }) => rule.per === "target-and-address").map(({ limiter, key }) => limiter.delete(key)),
        );
        return result;
      } catch (error) {
        if (error instanceof AppError && limit.failures.includes(error.code)) {
          // consume() rejects once a counter is past its points; the next attempt is refused anyway.
          await Promise.all(keys.map(({ limiter, key }) => limiter.consume(key).catch(() => undefined)));
        }
        throw error;
      }
    },
  };
}

function createCounter(
  name: string,
  rule: GuessRule,
  store: { redis: Redis | undefined; multiplier: number },
): RateLimiterAbstract {
  const options = {
    keyPrefix: `ideaport-guesses-${name}-${rule.per}`,
    points: Math.max(1, Math.ceil(rule.max * store.multiplier)),
    duration: rule.windowSeconds,
  };
  if (!store.redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Targets (e-mails, company names) enter the key hashed and lower-cased, so Redis holds none. */
function hashTarget(target: string): string {
  return createHash("sha256").update(target.trim().toLowerCase()).digest("base64url").slice(0, 27);
}
