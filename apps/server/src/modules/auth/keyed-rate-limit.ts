import { createHash } from "node:crypto";
import { AppError } from "@ideaport/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * A rate limit keyed by client IP and the lower-cased e-mail of the body, as a preHandler (so the
 * body is parsed and valid). It runs beside a route's per-IP `config.rateLimit`: the plugin lets
 * only one `config` limit run per request, so the second limit uses `createRateLimit` directly.
 * The e-mail enters the key hashed, so Redis holds no addresses. Scaled like `app.limitTo`.
 * It counts calls (each sends mail); guessing is limited by counting failures (failed-guesses.ts).
 */
export function limitPerIpAndEmail(app: FastifyInstance, options: { name: string; max: number; timeWindow: string }) {
  const check = app.createRateLimit({
    max: app.scaleRateLimit(options.max),
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${request.ip}:${emailKeyOf(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(result.ttlInSeconds));
      throw new AppError("request.rate_limited");
    }
  };
}

function emailKeyOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  const normalized = typeof email === "string" ? email.trim().toLowerCase() : "";
  return createHash("sha256").update(normalized).digest("base64url").slice(0, 27);
}
