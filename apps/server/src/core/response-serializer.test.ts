import { api } from "@ideaport/shared";
import fastJsonStringify from "fast-json-stringify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createResponseSerializerCompiler, responseJsonSchemaOf } from "./response-serializer.ts";

const Answer = z.object({
  success: z.literal(true),
  user: z.object({ id: z.string(), display_name: z.string() }),
  team_name: z.string().nullable(),
  note: z.string().nullable().default(null),
  scope: z.enum(["team", "company"]).default("company"),
  items: z.array(z.object({ id: z.string(), votes: z.number().int(), read: z.boolean() })),
  extra: z.string().optional(),
});

function serializerOf(schema: z.ZodType, checkWithZod: boolean) {
  const compile = createResponseSerializerCompiler({ checkWithZod });
  return compile({ schema, method: "GET", url: "/api/test/", httpStatus: "200" }) as (data: unknown) => string;
}

const answer = {
  success: true,
  user: { id: "u1", display_name: "Alice Morgan", password_hash: "$argon2id$secret", email: "a@example.com" },
  team_name: null,
  note: 'Quote " and \\ and\nnewline and ü and \u2028',
  scope: "team",
  items: [
    { id: "i1", votes: 3, read: false, token: "t" },
    { id: "i2", votes: 0, read: true },
  ],
  refresh_token: "secret",
};

describe("the compiled response serializer", () => {
  it.each([true, false])("writes what zod writes and strips what the schema does not name (checked: %s)", (check) => {
    const json = serializerOf(Answer, check)(answer);
    expect(json).toBe(JSON.stringify(Answer.parse(answer)));
    expect(json).not.toMatch(/password_hash|email|token|secret/);
  });

  it("fills defaults and leaves optional fields out, as zod does", () => {
    const { note: _note, scope: _scope, ...withoutDefaults } = answer;
    const json = serializerOf(Answer, false)(withoutDefaults);
    expect(JSON.parse(json)).toMatchObject({ note: null, scope: "company" });
    expect(JSON.parse(json)).not.toHaveProperty("extra");
  });

  it("outside production, an answer zod rejects is an error (a 500), as before", () => {
    expect(() => serializerOf(Answer, true)({ ...answer, scope: "everyone" })).toThrow();
    expect(() => serializerOf(Answer, true)({ ...answer, user: undefined })).toThrow();
  });

  it("keeps zod's serializer for a schema JSON Schema cannot express", () => {
    const schema = z.object({ at: z.date() });
    const at = new Date("2026-11-23T10:00:00.000Z");
    expect(serializerOf(schema, false)({ at, other: 1 })).toBe('{"at":"2026-11-23T10:00:00.000Z"}');
  });

  it("compiles every endpoint's response schema (none falls back to zod's serializer)", () => {
    for (const [name, endpoint] of Object.entries(api)) {
      expect(() => fastJsonStringify(responseJsonSchemaOf(endpoint.response)), name).not.toThrow();
    }
  });
});
