import { AppError } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const NUL_CHARACTER_MESSAGE = "Text may not contain the NUL character (\\u0000).";

/**
 * Refuses input holding the NUL character (U+0000) with 400. PostgreSQL cannot store it in
 * `text` or `jsonb`, so without this check such a value reached the database and answered 500
 * (found by the random-body test). Runs before validation, after authentication, on the body,
 * the query and the path of every route; keys count as well as values.
 */
export const textInput = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request) => {
      for (const [part, value] of [
        ["body", request.body],
        ["query", request.query],
        ["params", request.params],
      ] as const) {
        const path = pathToNul(value);
        if (path !== null) {
          const field = path || part;
          throw new AppError("request.invalid", {
            message: NUL_CHARACTER_MESSAGE,
            fields: { [field]: NUL_CHARACTER_MESSAGE },
          });
        }
      }
    });
  },
  { name: "text-input" },
);

/** The dotted path of the first string (or key) holding U+0000 in a parsed value, or null. */
function pathToNul(root: unknown): string | null {
  const pending: Array<[value: unknown, path: string]> = [[root, ""]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return path;
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes("\u0000")) return path;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}
