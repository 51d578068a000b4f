import type { Endpoint } from "@ideaport/shared";
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
