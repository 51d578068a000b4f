import { isDeepStrictEqual } from "node:util";
import fastJsonStringify from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];
type Serialize = (data: unknown) => string;

/** fastify-type-provider-zod's serializer: zod encodes the answer (validating it), then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler();

/**
 * The JSON Schema of a response schema as fast-json-stringify reads it: the output side, in the
 * OpenAPI 3.0 dialect (`nullable: true` rather than an `anyOf` with null, which fast-json-stringify
 * would resolve by validating each value). Every z.object becomes `additionalProperties: false`.
 */
export function responseJsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: "output", target: "openapi-3.0", unrepresentable: "throw" }) as Record<
    string,
    unknown
  >;
}

/**
 * The response serializer of every route: its zod response schema as JSON Schema, compiled by
 * fast-json-stringify (Fastify's own serializer) on the route's first answer, so start-up compiles
 * nothing. It writes only what the schema names, so anything else a service answers (a hash, a
 * token) is stripped, as zod's parse did, without walking the schema per answer. A schema JSON
 * Schema cannot express (a transform, a date) keeps fastify-type-provider-zod's serializer.
 *
 * `checkWithZod` (outside production) also serializes every answer the zod way and throws when zod
 * rejects the answer or the two answers differ: a presenter drifting from its contract still fails
 * the tests with a 500, and the compiled serializer is held to zod's output. Only the order of keys
 * may differ: fast-json-stringify writes an object's required properties before its optional ones.
 */
export function createResponseSerializerCompiler(options: {
  checkWithZod: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    let compiled: Serialize | undefined;
    const serialize = (data: unknown) => {
      compiled ??= compileFast(route) ?? viaZod;
      return compiled(data);
    };
    if (!options.checkWithZod) return serialize;
    return (data: unknown) => {
      const expected = viaZod(data);
      const actual = serialize(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} answered ${actual.slice(0, 500)} where zod answered ${expected.slice(0, 500)}`,
        );
      }
      return actual;
    };
  };
}

function compileFast({ schema }: RouteSchema): Serialize | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return fastJsonStringify(responseJsonSchemaOf(schema)) as Serialize;
  } catch {
    return undefined;
  }
}
