import type { Endpoint } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";

/** The Fastify route schema of a shared endpoint contract: body, querystring and the 200 answer. */
export function endpointSchema<B extends z.ZodType | undefined, R extends z.ZodType, Q extends z.ZodType | undefined>(
  endpoint: Endpoint<B, R, Q>,
  options: { params?: z.ZodType } = {},
) {
  return {
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(options.params ? { params: options.params } : {}),
    response: { 200: endpoint.response },
  } as { body: B extends z.ZodType ? B : never; querystring: Q extends z.ZodType ? Q : never; response: { 200: R } };
}

/** Adds a params schema to an `endpointSchema(...)` result, keeping its types. */
export function withParams<Schema extends object, Params extends z.ZodType>(
  schema: Schema,
  params: Params,
): Schema & { params: Params } {
  return { ...schema, params };
}

type RouteSchemaOf<E extends Endpoint, P extends z.ZodType | undefined> = ReturnType<
  typeof endpointSchema<E["body"], E["response"], E["query"]>
> &
  (P extends z.ZodType ? { params: P } : unknown);

function schemaWithParams<E extends Endpoint, P extends z.ZodType | undefined>(endpoint: E, params?: P) {
  const schema = endpointSchema(endpoint);
  return (params ? withParams(schema, params) : schema) as RouteSchemaOf<E, P>;
}

/** The options of a route only signed-in people read: its schema (with its path params when given), authenticated. */
export function signedInRead<E extends Endpoint, P extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  endpoint: E,
  params?: P,
) {
  return { onRequest: [app.authenticate], schema: schemaWithParams(endpoint, params) };
}

/**
 * The options of a signed-in route with its rate-limit row: every change signed-in people make,
 * and each costly read (a search).
 */
export function signedInLimited<E extends Endpoint, P extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  endpoint: E,
  params?: P,
) {
  return { ...signedInRead(app, endpoint, params), config: app.limitTo(endpoint) };
}

/**
 * A write's options with the Idempotency-Key header honoured (`app.idempotent`, the idempotency
 * plugin's preHandler): sent again with its key, it answers its first answer instead of running again.
 */
export function idempotent<Options extends object>(app: FastifyInstance, options: Options) {
  return { ...options, preHandler: [app.idempotent] };
}
