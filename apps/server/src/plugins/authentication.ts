import { AppError } from "@ideaport/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { DatabaseHandle } from "../db/client.ts";
import type { AccessTokens } from "../lib/access-token.ts";
import { loadPrincipal, type Principal } from "../modules/users/principal.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** onRequest hook (runs before body parsing, so anonymous calls get 401 first): a valid token of an active user. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Bearer-token authentication. The user is read on every request (one indexed lookup), so
 * deactivation, role changes and signing out everywhere take effect at once rather than when the
 * token expires.
 */
export const authentication = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; accessTokens: AccessTokens }) => {
    app.decorateRequest("principal", null);
    app.decorate("authenticate", async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
      if (!token) throw new AppError("auth.required");
      const claims = await options.accessTokens.verify(token);
      if (!claims) throw new AppError("auth.token_invalid");
      const principal = await loadPrincipal(options.database.db, claims.userId);
      if (!principal?.isActive) throw new AppError("auth.token_invalid");
      // Sign-out, password change, password reset and deactivation raise the generation.
      if (claims.sessionGeneration < principal.sessionGeneration) throw new AppError("auth.token_invalid");
      request.principal = principal;
    });
  },
  { name: "authentication" },
);

/** The signed-in user of a request that passed `app.authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError("auth.required");
  return request.principal;
}
