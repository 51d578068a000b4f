import { normalizeIP } from "@fastify/rate-limit";
import {
  AppError,
  type ErrorCode,
  SCIM_BASE_PATH,
  ScimListQuerySchema,
  ScimPatchRequestSchema,
  ScimResourceRequestSchema,
} from "@ideaport/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { isDatabaseUnavailableError } from "../../db/client.ts";
import { readerLanguage, translatorFor } from "../../lib/i18n.ts";
import { LIST_RESPONSE_SCHEMA, resourceTypes, schemas, serviceProviderConfig } from "./scim.discovery.ts";
import { presentListResponse, presentScimError } from "./scim.presenter.ts";
import { createScimService, type ScimActor } from "./scim.service.ts";
import { authenticateScimToken } from "./scim-tokens.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The SCIM token a /scim/v2/ request authenticated with, else null. */
    scimActor: ScimActor | null;
  }
}

/** SCIM's media type; plain JSON is accepted as well. */
export const SCIM_CONTENT_TYPE = "application/scim+json";

/** Requests one SCIM token may make per minute (an initial sync of a large directory included). */
export const SCIM_REQUESTS_PER_MINUTE = 600;

/** The scimType each SCIM error code answers with. */
const SCIM_TYPES: Partial<Record<ErrorCode, string>> = {
  "scim.invalid_filter": "invalidFilter",
  "scim.uniqueness": "uniqueness",
  "scim.invalid_value": "invalidValue",
  "scim.invalid_syntax": "invalidSyntax",
  "scim.no_target": "noTarget",
  "scim.mutability": "mutability",
  "request.invalid": "invalidValue",
};

const IdParamsSchema = z.object({ id: z.string().max(200) });

function actorOf(request: FastifyRequest): ScimActor {
  if (!request.scimActor) throw new AppError("scim.token_invalid");
  return request.scimActor;
}

function sendScim(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
}

/** The attributes a request asks to leave out (`excludedAttributes=members`), lower-cased; never id or schemas. */
function excludedOf(query: { excludedAttributes?: string | undefined }): Set<string> {
  const names = (query.excludedAttributes ?? "").split(",").map((name) => name.trim().toLowerCase());
  return new Set(names.filter((name) => name !== "" && name !== "id" && name !== "schemas"));
}

/** A resource without the attributes the request excluded. */
function without<Resource extends object>(resource: Resource, excluded: Set<string>): Resource {
  if (excluded.size === 0) return resource;
  return Object.fromEntries(Object.entries(resource).filter(([key]) => !excluded.has(key.toLowerCase()))) as Resource;
}

/** A list answer without the attributes the request excluded from each resource. */
function listWithout<List extends { Resources: object[] }>(list: List, excluded: Set<string>): List {
  return { ...list, Resources: list.Resources.map((resource) => without(resource, excluded)) };
}

/**
 * SCIM 2.0 (RFC 7643, 7644) under /scim/v2/, outside /api: authenticated by a company's bearer
 * token (not a person's; CSRF protects /api only, and a bearer token is no ambient credential),
 * rate-limited per token, answering SCIM's media type and its error shape for every error.
 */
export async function scimRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { db } = serviceDependenciesOf(options);
  const baseUrl = `${options.config.appUrl}${SCIM_BASE_PATH}`;
  const scim = createScimService(serviceDependenciesOf(options), baseUrl);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: "string" }, app.getDefaultJsonParser("error", "ignore"));
  app.decorateRequest("scimActor", null);

  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    const text = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    const token = text ? await authenticateScimToken(db, text, options.clock()) : null;
    if (!token) throw new AppError("scim.token_invalid");
    request.scimActor = {
      tokenId: token.id,
      tokenName: token.name,
      companyId: token.companyId,
      address: request.ip,
    };
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const t = translatorFor(readerLanguage(request));
    if (error instanceof AppError) {
      if (error.status === 401) reply.header("www-authenticate", 'Bearer realm="SCIM"');
      return sendScim(
        reply,
        error.status,
        presentScimError(error.status, error.toBody(t).error, SCIM_TYPES[error.code]),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === "querystring" ? "invalidValue" : "invalidSyntax";
      const field = error.validation[0]?.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
      const detail = t(new AppError("scim.invalid_value", { values: { attribute: field } }).description, {
        attribute: field,
      });
      return sendScim(reply, 400, presentScimError(400, detail, where));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendScim(reply, 429, presentScimError(429, new AppError("request.rate_limited").toBody(t).error));
    }
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "request.unsupported_media_type"
          : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "request.payload_too_large"
            : "scim.invalid_syntax";
      const answer = new AppError(code);
      return sendScim(reply, status, presentScimError(status, answer.toBody(t).error, SCIM_TYPES[code]));
    }
    if (isDatabaseUnavailableError(error)) {
      return sendScim(reply, 503, presentScimError(503, new AppError("service.unavailable").toBody(t).error));
    }
    request.log.error({ err: error }, "unhandled error");
    return sendScim(reply, 500, presentScimError(500, new AppError("server.internal").toBody(t).error));
  });

  app.setNotFoundHandler((request, reply) => {
    const t = translatorFor(readerLanguage(request));
    return sendScim(reply, 404, presentScimError(404, new AppError("scim.not_found").toBody(t).error));
  });

  const limited = {
    config: {
      rateLimit: {
        max: app.scaleRateLimit(SCIM_REQUESTS_PER_MINUTE),
        timeWindow: "1 minute",
        keyGenerator: (request: FastifyRequest) =>
          request.scimActor ? `scim:${request.scimActor.tokenId}` : `address:${normalizeIP(request.ip)}`,
      },
    },
  };
  const read = { ...limited, schema: { params: IdParamsSchema, querystring: ScimListQuerySchema } };
  const list = { ...limited, schema: { querystring: ScimListQuerySchema } };
  const resource = { ...limited, schema: { body: ScimResourceRequestSchema } };
  const change = { ...limited, schema: { params: IdParamsSchema, body: ScimResourceRequestSchema } };
  const patch = { ...limited, schema: { params: IdParamsSchema, body: ScimPatchRequestSchema } };

  // What the service provider supports, as identity providers read it when connecting.
  routes.get("/ServiceProviderConfig", limited, (_request, reply) =>
    sendScim(reply, 200, serviceProviderConfig(baseUrl)),
  );
  routes.get("/ResourceTypes", limited, (_request, reply) => {
    const types = resourceTypes(baseUrl);
    return sendScim(reply, 200, presentListResponse(types, types.length, 1));
  });
  routes.get("/ResourceTypes/:id", read, (request, reply) => {
    const type = resourceTypes(baseUrl).find((entry) => entry.id === request.params.id);
    if (!type) throw new AppError("scim.not_found");
    return sendScim(reply, 200, type);
  });
  routes.get("/Schemas", limited, (_request, reply) => {
    const all = schemas(baseUrl);
    return sendScim(reply, 200, { ...presentListResponse(all, all.length, 1), schemas: [LIST_RESPONSE_SCHEMA] });
  });
  routes.get("/Schemas/:id", read, (request, reply) => {
    const schema = schemas(baseUrl).find((entry) => entry.id === request.params.id);
    if (!schema) throw new AppError("scim.not_found");
    return sendScim(reply, 200, schema);
  });

  // Users: the company's people.
  routes.get("/Users", list, async (request, reply) =>
    sendScim(reply, 200, listWithout(await scim.listUsers(actorOf(request), request.query), excludedOf(request.query))),
  );
  routes.get("/Users/:id", read, async (request, reply) =>
    sendScim(reply, 200, without(await scim.getUser(actorOf(request), request.params.id), excludedOf(request.query))),
  );
  routes.post("/Users", resource, async (request, reply) => {
    const user = await scim.createUser(actorOf(request), request.body);
    reply.header("location", user.meta.location);
    return sendScim(reply, 201, user);
  });
  routes.put("/Users/:id", change, async (request, reply) =>
    sendScim(reply, 200, await scim.replaceUser(actorOf(request), request.params.id, request.body)),
  );
  routes.patch("/Users/:id", patch, async (request, reply) =>
    sendScim(reply, 200, await scim.patchUser(actorOf(request), request.params.id, request.body.Operations)),
  );
  routes.delete("/Users/:id", read, async (request, reply) => {
    await scim.deleteUser(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  // Groups: the company's teams.
  routes.get("/Groups", list, async (request, reply) =>
    sendScim(
      reply,
      200,
      listWithout(await scim.listGroups(actorOf(request), request.query), excludedOf(request.query)),
    ),
  );
  routes.get("/Groups/:id", read, async (request, reply) =>
    sendScim(reply, 200, without(await scim.getGroup(actorOf(request), request.params.id), excludedOf(request.query))),
  );
  routes.post("/Groups", resource, async (request, reply) => {
    const group = await scim.createGroup(actorOf(request), request.body);
    reply.header("location", group.meta.location);
    return sendScim(reply, 201, group);
  });
  routes.put("/Groups/:id", change, async (request, reply) =>
    sendScim(reply, 200, await scim.replaceGroup(actorOf(request), request.params.id, request.body)),
  );
  routes.patch("/Groups/:id", patch, async (request, reply) =>
    sendScim(reply, 200, await scim.patchGroup(actorOf(request), request.params.id, request.body.Operations)),
  );
  routes.delete("/Groups/:id", read, async (request, reply) => {
    await scim.deleteGroup(actorOf(request), request.params.id);
    return reply.status(204).send();
  });
}
