import { AppError, defineMessages, type MessageDescriptor } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const TEXT_INPUT_MESSAGES = defineMessages({
  nulCharacter: {
    id: "server.textInput.nulCharacter",
    defaultMessage: "Text may not contain the NUL character (\\u0000).",
  },
  loneSurrogate: {
    id: "server.textInput.loneSurrogate",
    defaultMessage:
      "Text must be well-formed Unicode: it holds half of a UTF-16 surrogate pair (\\ud800 to \\udfff) on its own.",
  },
});

export const NUL_CHARACTER_MESSAGE: MessageDescriptor = TEXT_INPUT_MESSAGES.nulCharacter;
export const SURROGATE_MESSAGE: MessageDescriptor = TEXT_INPUT_MESSAGES.loneSurrogate;

/** A lone surrogate: in a `u` regular expression a well-formed pair is one character, never \p{Cs}. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Refuses text that no column can store faithfully, with 400 and the field it is in:
 * - the NUL character (U+0000), which PostgreSQL refuses in `text` and `jsonb` (it answered 500);
 * - a lone UTF-16 surrogate (`"\ud800"` in JSON), which is no character: `jsonb` refuses it (the
 *   audit log answered 500) and a `text` column silently stored U+FFFD in its place.
 * Runs before validation, after authentication, on the body, the query and the path of every
 * route; keys count as well as values.
 */
export const textInput = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request) => {
      for (const [part, value] of [
        ["body", request.body],
        ["query", request.query],
        ["params", request.params],
      ] as const) {
        const found = findUnstorableText(value);
        if (found !== null) {
          const field = found.path || part;
          throw new AppError("request.invalid", { message: found.message, fields: { [field]: found.message } });
        }
      }
    });
  },
  { name: "text-input" },
);

/** Why a text cannot be stored, or null when it can. */
function unstorable(text: string): MessageDescriptor | null {
  if (text.includes("\u0000")) return NUL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** The dotted path and the reason of the first string (or key) that cannot be stored, or null. */
function findUnstorableText(root: unknown): { path: string; message: MessageDescriptor } | null {
  const pending: Array<[value: unknown, path: string]> = [[root, ""]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === "string") {
      const message = unstorable(value);
      if (message) return { path, message };
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const message = unstorable(key);
        if (message) return { path, message };
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}
