import { API_TOKEN_PREFIX, AppError, type TokenScope, tokenScopeOfRoute } from "@ideaport/shared";
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
    /** The API token a request authenticated with (`Bearer ipt_…`), else null. */
    apiTokenId: string | null;
  }
}

/** A live API token, as the API tokens module finds it by its text. */
export interface ApiTokenHolder {
  id: string;
  userId: string;
  companyId: string;
  scopes: readonly TokenScope[];
}

/** True when a request carries a personal API token (`Authorization: Bearer ipt_…`). */
export function hasApiToken(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith(`Bearer ${API_TOKEN_PREFIX}`) ?? false;
}

/** The API token scope the request's route accepts (its endpoint's `tokenScope`); null when none. */
export function tokenScopeOfRequest(request: FastifyRequest): TokenScope | null {
  return tokenScopeOfRoute(request.method, request.routeOptions.url ?? "");
}

/**
 * Bearer-token authentication. The user is read on every request (one indexed lookup), so
 * deactivation, role changes and signing out everywhere take effect at once rather than when the
 * token expires.
 */
export const authentication = fp(
  async (
    app: FastifyInstance,
    options: {
      database: DatabaseHandle;
      accessTokens: AccessTokens;
      /** The live API token a bearer text is (noting its use), or null. */
      findApiToken: (text: string) => Promise<ApiTokenHolder | null>;
    },
  ) => {
    app.decorateRequest("caller", null);
    app.decorateRequest("accessTokenExpiresAt", null);
    app.decorateRequest("sessionId", null);
    app.decorateRequest("apiTokenId", null);

    /**
     * A personal API token acts as its person, within its scopes, on the routes whose endpoint
     * names a scope. The person is read on every request, as with a session, so deactivation and
     * role changes reach the token at once; their role still decides what they may do.
     */
    async function authenticateApiToken(request: FastifyRequest, text: string) {
      const token = await options.findApiToken(text);
      if (!token) throw new AppError("auth.token_invalid");
      const caller = await loadCaller(options.database.db, token.userId);
      if (!caller?.isActive || caller.companyId !== token.companyId) throw new AppError("auth.token_invalid");
      const scope = tokenScopeOfRequest(request);
      if (!scope) throw new AppError("api_token.route_not_allowed");
      if (!token.scopes.includes(scope)) throw new AppError("api_token.scope_missing", { values: { scope } });
      await app.countApiTokenRequest(request, token.id);
      caller.address = request.ip;
      request.caller = caller;
    }

    app.decorate("authenticate", async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
      if (!token) throw new AppError("auth.required");
      if (token.startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(request, token);
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
  { name: "authentication", dependencies: ["rate-limits"] },
);
