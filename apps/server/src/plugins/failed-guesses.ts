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
 * address, the client address whatever it guesses at, the pair, or a device cookie (a browser that
 * signed in to that account before).
 */
export type GuessScope = "target" | "address" | "target-and-address" | "device";

/**
 * What a rule does once `max` failures are counted in its window:
 * - "refuse": every attempt answers 429 until the window ends (a hard limit);
 * - "slow": each failure from the `max`-th on makes the next attempt wait, `firstDelaySeconds`
 *   (1 s unless told) doubling with every further failure up to `maxDelaySeconds` (an increasing
 *   Retry-After), so a guesser slows down while a person who mistyped a few times barely notices;
 * - "count": never refuses (a rule kept only to alert).
 */
export type SpentRuleAction = "refuse" | "slow" | "count";

export interface GuessRule {
  per: GuessScope;
  /** Failed guesses counted in the window before the rule acts. */
  max: number;
  windowSeconds: number;
  action: SpentRuleAction;
  /** With "slow": the first wait (1 s unless told) and the longest. */
  firstDelaySeconds?: number;
  maxDelaySeconds?: number;
  /**
   * Holds back only a client that has itself failed on this target in the window (its
   * "target-and-address" count): a spent count across addresses never refuses a fresh address,
   * so an attacker cannot lock the owner out; it limits the addresses that keep guessing.
   */
  onlyClientsThatFailed?: boolean;
  /** Once the rule is spent, the guard's `onAlert` is called for the target, once per window. */
  alert?: boolean;
}

export interface FailedGuessLimit {
  /** Prefixes the counters' keys. */
  name: string;
  /** One rule per scope. "device" rules replace every other rule for an attempt that names a device. */
  rules: readonly GuessRule[];
  /** The error codes that mean "wrong guess"; any other outcome is not counted. */
  failures: readonly ErrorCode[];
}

export interface FailedGuessHooks {
  /** Told when a rule with `alert` is spent, once per window per target (across instances on Redis). */
  onAlert?(target: string): Promise<void>;
}

export interface GuessAttemptOptions {
  /**
   * The device (a valid device cookie of this target) the attempt comes from. Such an attempt is
   * held back only by its device's own failures: an attacker's guesses from elsewhere, however
   * many, never refuse the owner's browser.
   */
  device?: string | undefined;
}

/** Runs one guess: refused with 429 while a rule holds the client back; counted when it fails. */
export interface FailedGuessGuard {
  attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    target: string,
    guess: () => Promise<T>,
    options?: GuessAttemptOptions,
  ): Promise<T>;
}

/** A counter never refuses by itself; the guard compares the count with the rule's `max`. */
const UNCAPPED = 1_000_000_000;

/**
 * Counts failed guesses (wrong password, wrong code, unknown token) rather than calls, so a whole
 * office signing in from one address is never refused for succeeding. Counters live in Redis when
 * it is configured, with in-process counters as insurance while it is unreachable. A success
 * clears the succeeding client's own counts on that target (its device's, or without a device its
 * address's); the target's count across addresses stays, so a correct guess elsewhere cannot wipe
 * out the evidence of an attack.
 */
export function createFailedGuessGuard(
  limit: FailedGuessLimit,
  store: { redis: Redis | undefined; multiplier: number },
  hooks: FailedGuessHooks = {},
): FailedGuessGuard {
  const scopes = limit.rules.map((rule) => rule.per);
  if (new Set(scopes).size !== scopes.length) throw new Error(`${limit.name}: one rule per scope`);
  if (limit.rules.some((rule) => rule.onlyClientsThatFailed) && !scopes.includes("target-and-address")) {
    throw new Error(`${limit.name}: onlyClientsThatFailed needs a target-and-address rule`);
  }
  const prefix = (rule: GuessRule, part: string) => `ideaport-guesses-${limit.name}-${rule.per}${part}`;
  const rules = limit.rules.map((rule) => ({
    rule,
    max: Math.max(1, Math.ceil(rule.max * store.multiplier)),
    counter: createCounter(store.redis, {
      keyPrefix: prefix(rule, ""),
      points: UNCAPPED,
      duration: rule.windowSeconds,
    }),
    // A "slow" rule's current wait: a key blocked for the delay its last failure earned.
    wait: createCounter(store.redis, { keyPrefix: prefix(rule, "-wait"), points: 1, duration: rule.windowSeconds }),
    // An alert already sent in this window.
    alerted: createCounter(store.redis, {
      keyPrefix: prefix(rule, "-alerted"),
      points: 1,
      duration: rule.windowSeconds,
    }),
  }));
  type Counted = (typeof rules)[number] & { key: string };

  function keyOf(scope: GuessScope, request: FastifyRequest, target: string, device: string | undefined) {
    const address = normalizeIP(request.ip);
    if (scope === "address") return address;
    const hashedTarget = hashTarget(target);
    if (scope === "device") return `${hashedTarget}:${device}`;
    return scope === "target" ? hashedTarget : `${hashedTarget}:${address}`;
  }

  /** How long `entry` holds this attempt back, in ms (0: not at all). */
  async function waitOf(entry: Counted, state: RateLimiterRes | null, hasFailedItself: boolean): Promise<number> {
    if (entry.rule.onlyClientsThatFailed && !hasFailedItself) return 0;
    if (entry.rule.action === "refuse") return state && state.consumedPoints >= entry.max ? state.msBeforeNext : 0;
    if (entry.rule.action === "slow") {
      const wait = await entry.wait.get(entry.key);
      return wait && wait.consumedPoints > 1 ? wait.msBeforeNext : 0;
    }
    return 0;
  }

  async function countFailure(entry: Counted, request: FastifyRequest, target: string): Promise<void> {
    const state = await entry.counter.consume(entry.key);
    if (state.consumedPoints < entry.max) return;
    if (entry.rule.action === "slow") {
      const step = state.consumedPoints - entry.max;
      const first = entry.rule.firstDelaySeconds ?? 1;
      const delay = Math.min(first * 2 ** Math.min(step, 30), entry.rule.maxDelaySeconds ?? entry.rule.windowSeconds);
      await entry.wait.block(entry.key, delay);
    }
    if (entry.rule.alert && hooks.onAlert) {
      const isFirst = await entry.alerted.consume(entry.key).then(
        () => true,
        () => false,
      );
      if (isFirst) {
        await hooks.onAlert(target).catch((error: unknown) => {
          request.log.error({ err: error }, `${limit.name}: could not send the guessing alert`);
        });
      }
    }
  }

  return {
    async attempt(request, reply, target, guess, options = {}) {
      const { device } = options;
      const counted: Counted[] = rules
        .filter(({ rule }) => rule.per !== "device" || device !== undefined)
        .map((entry) => ({ ...entry, key: keyOf(entry.rule.per, request, target, device) }));
      // A known device answers only for itself; anyone else meets every other rule.
      const checked = counted.filter(({ rule }) => (device === undefined) === (rule.per !== "device"));
      const states = await Promise.all(checked.map(({ counter, key }) => counter.get(key)));
      const pairIndex = checked.findIndex(({ rule }) => rule.per === "target-and-address");
      const hasFailedItself = (states[pairIndex]?.consumedPoints ?? 0) > 0;
      const waits = await Promise.all(
        checked.map((entry, index) => waitOf(entry, states[index] ?? null, hasFailedItself)),
      );
      const waitMs = Math.max(0, ...waits);
      if (waitMs > 0) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
        throw new AppError("request.rate_limited");
      }
      try {
        const result = await guess();
        // The client that succeeded is forgiven its own failures (a known device only its
        // device's: others at its address may still be guessing).
        await Promise.all(
          checked
            .filter(({ rule }) => rule.per === "target-and-address" || rule.per === "device")
            .flatMap(({ counter, wait, key }) => [counter.delete(key), wait.delete(key)]),
        );
        return result;
      } catch (error) {
        if (error instanceof AppError && limit.failures.includes(error.code)) {
          await Promise.all(counted.map((entry) => countFailure(entry, request, target)));
        }
        throw error;
      }
    },
  };
}

function createCounter(
  redis: Redis | undefined,
  options: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Targets (e-mails, company names) enter the key hashed and lower-cased, so Redis holds none. */
function hashTarget(target: string): string {
  return createHash("sha256").update(target.trim().toLowerCase()).digest("base64url").slice(0, 27);
}
