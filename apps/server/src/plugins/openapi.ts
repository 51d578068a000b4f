import swagger from "@fastify/swagger";
import { TOKEN_SCOPES, type TokenScope, tokenScopeOfRoute } from "@ideaport/shared";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * How a route is called with a personal API token, as its operation in the document says it: the
 * scope its endpoint names (also as `x-token-scope`), or that it accepts none.
 */
function tokenAccessOf(scope: TokenScope | null): Record<string, unknown> {
  return scope
    ? {
        description: `API token scope: \`${scope}\`.`,
        "x-token-scope": scope,
        security: [{ bearer: [] as string[] }, { apiToken: [] as string[] }],
      }
    : { description: "API tokens are not accepted here.", "x-token-scope": null };
}

/** The OpenAPI document, generated from the shared zod schemas, served at /api/docs/. */
export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Ideaport API",
          version: "1.0.0",
          description:
            "The Ideaport workplace innovation platform API. Scripts call it with a personal API token " +
            "(Profile Settings → API tokens) as `Authorization: Bearer ipt_…`, on the routes whose " +
            `operation names a token scope (${TOKEN_SCOPES.join(", ")}); a token acts as its person ` +
            "and never beyond their own permissions.",
        },
        components: {
          securitySchemes: {
            bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            apiToken: {
              type: "http",
              scheme: "bearer",
              bearerFormat: "ipt_…",
              description: "A personal API token, within the scope its route names (`x-token-scope`).",
            },
          },
        },
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        const { route } = input;
        if (!route.url.startsWith("/api/") || (route.schema as { hide?: boolean } | undefined)?.hide) {
          return transformed;
        }
        const method = Array.isArray(route.method) ? route.method[0] : route.method;
        const scope = tokenScopeOfRoute(String(method), route.url);
        return { ...transformed, schema: { ...transformed.schema, ...tokenAccessOf(scope) } as FastifySchema };
      },
    });
    app.get("/api/docs/", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
