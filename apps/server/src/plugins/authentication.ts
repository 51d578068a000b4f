import { AppError } from "@ideaport/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { loadCaller } from "../core/caller.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { AccessTokens } from "../lib/access-token.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook (runs before body parsing, so anonymous calls get 401 first): a valid token of an active user. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** When the access token of an authenticated request expires (ms since the epoch), else null. */
    accessTokenExpiresAt: number | null;
    /** The session (refresh-token family) the access token was signed for, else null. */
    sessionId: string | null;
  }
}

/**
 * Bearer-token authentication. The user is read on every request (one indexed lookup), so
 * deactivation, role changes and signing out everywhere take effect at once rather than when the
 * token expires.
 */
export const authentication = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; accessTokens: AccessTokens }) => {
    app.decorateRequest("caller", null);
    app.decorateRequest("accessTokenExpiresAt", null);
    app.decorateRequest("sessionId", null);
    app.decorate("authenticate", async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
      if (!token) throw new AppError("auth.required");
      const claims = await options.accessTokens.verify(token);
      if (!claims) throw new AppError("auth.token_invalid");
      const caller = await loadCaller(options.database.db, claims.userId);
      if (!caller?.isActive) throw new AppError("auth.token_invalid");
      // Sign-out, password change, password reset and deactivation raise the generation.
      if (claims.sessionGeneration < caller.sessionGeneration) throw new AppError("auth.token_invalid");
      caller.address = request.ip;
      request.caller = caller;
      request.accessTokenExpiresAt = claims.expiresAt * 1000;
      request.sessionId = claims.sessionId;
    });
  },
  { name: "authentication" },
);
