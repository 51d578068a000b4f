import type { z } from "zod";
import type { TokenScope } from "./token-scopes.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One API call: its method, its path (Fastify syntax, `:param`), and its schemas. */
export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  body: Body;
  query: Query;
  response: Response;
  /** True when the call needs a signed-in user. */
  auth: boolean;
  /**
   * The API token scope that opens this route to `Authorization: Bearer ipt_…`; null when no API
   * token is accepted (sessions, passwords, the tokens themselves, erasure, …). The authentication
   * hook, the CSRF check and the OpenAPI document all read it here.
   */
  tokenScope: TokenScope | null;
}

/** Declares an endpoint; the server registers it and the client calls it. */
export function defineEndpoint<
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(endpoint: {
  method: HttpMethod;
  path: string;
  body?: Body;
  query?: Query;
  response: Response;
  auth?: boolean;
  tokenScope?: TokenScope;
}): Endpoint<Body, Response, Query> {
  return {
    method: endpoint.method,
    path: endpoint.path,
    body: endpoint.body as Body,
    query: endpoint.query as Query,
    response: endpoint.response,
    auth: endpoint.auth ?? true,
    tokenScope: endpoint.tokenScope ?? null,
  };
}

/** Fills `:param` placeholders of a path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

export type EndpointBody<E> =
  E extends Endpoint<infer B, z.ZodType, z.ZodType | undefined>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType | undefined, infer R, z.ZodType | undefined> ? z.output<R> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType, infer Q>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
