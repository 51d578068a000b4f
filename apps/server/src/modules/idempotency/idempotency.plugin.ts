import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { companyCallerOf } from "../../core/caller.ts";
import { serviceDependenciesOf } from "../../core/module-options.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { KeyOwner } from "./idempotency.repository.ts";
import { createIdempotencyService, fingerprintOf } from "./idempotency.service.ts";

/** The request header naming a write's key. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Set on an answer that repeats a key's first answer. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The preHandler of a write that honours the Idempotency-Key header (after authentication and
     * validation): with a key, the write runs once and repeats answer its first answer.
     */
    idempotent: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is kept. */
    idempotencyClaim: { owner: KeyOwner; claimId: string; isSettled: boolean } | null;
  }
}

/**
 * Idempotency-Keys for the writes that opt in (`preHandler: app.idempotent`). The first answer is
 * kept as the client received it before compression: this plugin is registered before the
 * compression plugin, so its onSend hook sees the serialized body.
 */
export const idempotency = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; clock: () => Date }) => {
    const service = createIdempotencyService(serviceDependenciesOf(options));
    app.decorateRequest("idempotencyClaim", null);

    app.decorate("idempotent", async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (key === undefined) return;
      const caller = companyCallerOf(request);
      const owner = { companyId: caller.companyId, userId: caller.id };
      const fingerprint = fingerprintOf({
        method: request.method,
        path: request.url.split("?")[0] ?? request.url,
        body: request.body,
      });
      const start = await service.start(owner, Array.isArray(key) ? key.join(",") : key, fingerprint);
      if (start.kind === "run") {
        request.idempotencyClaim = { owner, claimId: start.claimId, isSettled: false };
        return;
      }
      return reply
        .code(start.statusCode)
        .type("application/json; charset=utf-8")
        .header(IDEMPOTENT_REPLAYED_HEADER, "true")
        .send(start.body);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.isSettled) return payload;
      claim.isSettled = true;
      await service.finish(claim.owner, claim.claimId, {
        statusCode: reply.statusCode,
        body: typeof payload === "string" ? payload : null,
      });
      return payload;
    });

    // A request that ended before its answer was sent (a closed connection) holds its key no more.
    app.addHook("onResponse", async (request) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.isSettled) return;
      claim.isSettled = true;
      await service.abandon(claim.owner, claim.claimId);
    });
  },
  { name: "idempotency" },
);
