import { AppError, ERROR_CATALOGUE, type ErrorCode } from "@ideaport/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailableError } from "../db/client.ts";
import { describeError } from "../lib/error-log.ts";

/** Fastify's own client errors, mapped to catalogue codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "request.unsupported_media_type",
  FST_ERR_CTP_BODY_TOO_LARGE: "request.payload_too_large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "request.invalid",
  FST_ERR_CTP_INVALID_JSON_BODY: "request.invalid",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "request.invalid",
  FST_ERR_VALIDATION: "request.invalid",
};

/**
 * One error handler for the whole API, so every error answers a stable code, a status and a
 * message: catalogue errors render as they are, validation errors name their fields, client
 * errors stay 4xx, and nothing else leaks.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).send(error.toBody());
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
          fields[key] ??= readableMessage(key, issue.message);
        }
        const first = Object.values(fields)[0];
        return reply.status(400).send(new AppError("request.invalid", { message: first, fields }).toBody());
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
        return reply.status(500).send(new AppError("server.internal").toBody());
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send(new AppError("request.rate_limited").toBody());
      }
      if (status >= 400 && status < 500) {
        const code = FASTIFY_CODES[error.code] ?? (status === 404 ? "request.not_found" : "request.invalid");
        const message = status === ERROR_CATALOGUE[code].status ? ERROR_CATALOGUE[code].message : error.message;
        return reply.status(status).send({ success: false, error: message, code });
      }
      if (isDatabaseUnavailableError(error)) {
        request.log.error(`database unavailable, answering 503: ${describeError(error)}`);
        return reply.status(503).send(new AppError("service.unavailable").toBody());
      }
      // The logger's `err` serializer leaves out the values a failed query carried.
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(new AppError("server.internal").toBody());
    });
  },
  { name: "error-handler" },
);

/** Zod's generic type messages become sentences that name the field. */
function readableMessage(field: string, message: string | undefined): string {
  const name = field === "body" ? "The request body" : `The field "${field}"`;
  if (!message) return `${name} is invalid.`;
  if (/received undefined$/.test(message)) return `${name} is required.`;
  if (message.startsWith("Invalid input: expected")) return `${name} has the wrong type (${message.slice(15)}).`;
  return message;
}
