import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the shared zod schemas, served at /api/docs/. */
export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Ideaport API",
          version: "1.0.0",
          description: "The Ideaport workplace innovation platform API.",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get("/api/docs/", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
