import {
  AppError,
  defineMessages,
  ERROR_CATALOGUE,
  type ErrorCode,
  type Language,
  phraseOfSchemaIssue,
  SOURCE_LANGUAGE,
  type Translate,
} from "@ideaport/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDatabaseUnavailableError } from "../db/client.ts";
import { describeError } from "../lib/error-log.ts";
import { readerLanguage, translatorFor } from "../lib/i18n.ts";

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
 * errors stay 4xx, and nothing else leaks. Every text is in the reader's language (the signed-in
 * person's, else the browser's); the codes are the same in every language.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const language = readerLanguage(request);
      const t = translatorFor(language);
      if (error instanceof AppError) {
        return reply.status(error.status).send(error.toBody(t));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
          fields[key] ??= fieldMessage(key, issue, language, t);
        }
        const first = Object.values(fields)[0] ?? t(ERROR_CATALOGUE["request.invalid"].message);
        return reply.status(400).send({ success: false, error: first, code: "request.invalid", fields });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
        return reply.status(500).send(new AppError("server.internal").toBody(t));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send(new AppError("request.rate_limited").toBody(t));
      }
      if (status >= 400 && status < 500) {
        const code = FASTIFY_CODES[error.code] ?? (status === 404 ? "request.not_found" : "request.invalid");
        const message = status === ERROR_CATALOGUE[code].status ? t(ERROR_CATALOGUE[code].message) : error.message;
        return reply.status(status).send({ success: false, error: message, code });
      }
      if (isDatabaseUnavailableError(error)) {
        request.log.error(`database unavailable, answering 503: ${describeError(error)}`);
        return reply.status(503).send(new AppError("service.unavailable").toBody(t));
      }
      // The logger's `err` serializer leaves out the values a failed query carried.
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(new AppError("server.internal").toBody(t));
    });
  },
  { name: "error-handler" },
);

/** Zod's generic messages as sentences that name the field (`body`: the whole request body). */
const FIELD_MESSAGES = defineMessages({
  invalid: {
    id: "server.errors.field.invalid",
    defaultMessage: '{target, select, body {The request body} other {The field "{field}"}} is invalid.',
  },
  required: {
    id: "server.errors.field.required",
    defaultMessage: '{target, select, body {The request body} other {The field "{field}"}} is required.',
  },
  wrongType: {
    id: "server.errors.field.wrongType",
    defaultMessage:
      '{target, select, body {The request body} other {The field "{field}"}} has the wrong type ({detail}).',
    description: "{detail} says which type: expected string, received number",
  },
  expectedType: {
    id: "server.errors.field.expectedType",
    defaultMessage: "expected {expected}",
    description: "{expected} is a type as JSON names it: string, number, boolean, object, array",
  },
  expectedAndReceivedType: {
    id: "server.errors.field.expectedAndReceivedType",
    defaultMessage: "expected {expected}, received {received}",
    description: "{expected} and {received} are types as JSON names them: string, number, boolean, object, array",
  },
});

/** One refusal of the request's schema, as fastify-type-provider-zod hands it over. */
interface ValidationIssue {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A field's message in the reader's language: a message of ours (the shared schemas' English
 * wording, or a custom issue carrying its message) in its words; zod's own messages as sentences
 * naming the field, or in zod's own translation of them.
 */
function fieldMessage(field: string, issue: ValidationIssue, language: Language, t: Translate): string {
  const phrase = phraseOfSchemaIssue({ message: issue.message, params: issue.params?.params });
  if (phrase) return t(phrase.message, phrase.values);
  const name = { target: field === "body" ? "body" : "field", field };
  const message = issue.message;
  if (!message) return t(FIELD_MESSAGES.invalid, name);
  if (/received undefined$/.test(message)) return t(FIELD_MESSAGES.required, name);
  const type = /^Invalid input: expected (.+?)(?:, received (.+))?$/.exec(message);
  if (type) {
    const [, expected, received] = type;
    const detail = received
      ? t(FIELD_MESSAGES.expectedAndReceivedType, { expected, received })
      : t(FIELD_MESSAGES.expectedType, { expected });
    return t(FIELD_MESSAGES.wrongType, { ...name, detail });
  }
  return zodMessageIn(language, issue) ?? message;
}

/** Zod's own message of an issue in `language`, when zod speaks it (English stays as zod wrote it). */
function zodMessageIn(language: Language, issue: ValidationIssue): string | undefined {
  if (language === SOURCE_LANGUAGE || !issue.keyword) return undefined;
  const locale = (z.locales as Record<string, (() => z.core.$ZodConfig) | undefined>)[language];
  const localeError = locale?.().localeError;
  const said = localeError?.({ ...issue.params, code: issue.keyword } as unknown as z.core.$ZodRawIssue);
  return typeof said === "string" ? said : (said?.message ?? undefined);
}
