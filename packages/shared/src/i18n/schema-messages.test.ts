import { describe, expect, it } from "vitest";
import { CreateCompanyRequestSchema } from "../contracts/companies.ts";
import { CreateIdeaRequestSchema } from "../contracts/ideas.ts";
import { IDEA_MESSAGES } from "../ideas/limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { createTranslator } from "./messages.ts";
import { phraseOfSchemaIssue } from "./schema-messages.ts";

const german = createTranslator("de", {
  [IDEA_MESSAGES.titleTooShort.id]: "Der Titel muss mindestens {min} Zeichen lang sein.",
  [VALIDATION_MESSAGES.teamAlreadyExists.id]: "Das Team „{name}“ gibt es schon.",
});

function issuesOf(result: { error?: { issues: Array<{ message: string; params?: unknown }> } }) {
  return result.error?.issues ?? [];
}

describe("phraseOfSchemaIssue", () => {
  it("finds the message a schema says in English, with the limits its wording states", () => {
    const [issue] = issuesOf(CreateIdeaRequestSchema.safeParse({ title: "Tiny", draft: true }));
    expect(issue?.message).toBe("The title must be at least 5 characters.");
    const phrase = phraseOfSchemaIssue(issue!);
    expect(phrase).toEqual({ message: IDEA_MESSAGES.titleTooShort, values: { min: 5 } });
    expect(german(phrase!.message, phrase!.values)).toBe("Der Titel muss mindestens 5 Zeichen lang sein.");
  });

  it("takes a message whose values are known only while parsing from the issue itself", () => {
    const teams = [
      { name: "Sales", invitedMembers: [] },
      { name: "sales", invitedMembers: [] },
    ];
    const result = CreateCompanyRequestSchema.safeParse({
      name: "Acme",
      password: "secret",
      adminId: "x",
      teams,
      creatorRole: "employee",
    });
    const [issue] = issuesOf(result);
    expect(issue?.message).toBe('Team "Sales" already exists.');
    const phrase = phraseOfSchemaIssue(issue!);
    expect(german(phrase!.message, phrase!.values)).toBe("Das Team „Sales“ gibt es schon.");
  });

  it("knows no message of zod's own", () => {
    const [issue] = issuesOf(CreateIdeaRequestSchema.safeParse({ title: "Solar roof", description: 1, draft: true }));
    expect(phraseOfSchemaIssue(issue!)).toBeUndefined();
  });
});
