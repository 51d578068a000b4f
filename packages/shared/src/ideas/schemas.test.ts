import { describe, expect, it } from "vitest";
import { UpdateActionRequestSchema } from "../contracts/actions.ts";
import {
  ChallengeListQuerySchema,
  CreateChallengeRequestSchema,
  challengeInstant,
  isChallengeDateText,
  UpdateChallengeRequestSchema,
} from "../contracts/challenges.ts";
import {
  CreateCommentRequestSchema,
  CreateIdeaRequestSchema,
  IdeaListQuerySchema,
  UpdateIdeaRequestSchema,
} from "../contracts/ideas.ts";
import { createTranslator } from "../i18n/messages.ts";
import { IDEA_MESSAGES } from "./limits.ts";

const english = createTranslator("en", {});

function messageOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("idea schemas (the forms and the API say the same words)", () => {
  it("trims titles and keeps descriptions exactly as written", () => {
    const parsed = CreateIdeaRequestSchema.parse({ title: "  Solar roof  ", description: " <b>keep</b> me as is " });
    expect(parsed).toEqual({ title: "Solar roof", description: " <b>keep</b> me as is ", draft: false });
  });

  it.each([
    [{ title: "Tiny" }, `title: The title must be at least 5 characters.`],
    [{ title: "x".repeat(151), draft: true }, `title: The title must be at most 150 characters.`],
    [
      { title: "Valid title", description: "short" },
      `description: Please describe your idea in at least 10 characters before submitting it.`,
    ],
    [
      { title: "Valid title", description: "         x", draft: false },
      `description: Please describe your idea in at least 10 characters before submitting it.`,
    ],
  ])("refuses %j", (input, message) => {
    expect(messageOf(CreateIdeaRequestSchema.safeParse(input))).toContain(message);
  });

  it("lets a draft be one line", () => {
    expect(CreateIdeaRequestSchema.safeParse({ title: "One line idea", draft: true }).success).toBe(true);
  });

  it("needs at least one change in an edit", () => {
    expect(messageOf(UpdateIdeaRequestSchema.safeParse({}))).toEqual([`: ${english(IDEA_MESSAGES.nothingToChange)}`]);
    expect(UpdateIdeaRequestSchema.safeParse({ challenge_id: null }).success).toBe(true);
  });

  it("refuses blank comments and accepts 2000 characters", () => {
    expect(messageOf(CreateCommentRequestSchema.safeParse({ body: " \n\t " }))).toEqual([
      `body: ${english(IDEA_MESSAGES.commentRequired)}`,
    ]);
    expect(CreateCommentRequestSchema.safeParse({ body: "x".repeat(2000) }).success).toBe(true);
    expect(CreateCommentRequestSchema.safeParse({ body: "x".repeat(2001) }).success).toBe(false);
  });

  it("reads list filters from the query string", () => {
    expect(
      IdeaListQuerySchema.parse({ mine: "true", status: "under_review, revision_submitted,under_review" }),
    ).toEqual({
      mine: true,
      status: ["under_review", "revision_submitted"],
    });
    expect(IdeaListQuerySchema.safeParse({ status: "under_review,finished" }).success).toBe(false);
    expect(IdeaListQuerySchema.parse({ mine: "false" }).mine).toBe(false);
  });
});

describe("challenge schemas", () => {
  it.each([
    ["2026-12-31", true],
    ["2026-12-31T17:00:00Z", true],
    ["2026-12-31T17:00:00.123+02:00", true],
    ["2026-02-30", false],
    ["2026-02-31T10:00:00Z", false],
    ["2026-12-31T24:00Z", false],
    ["2026-12-31T17:00:00+25:00", false],
    ["31/12/2026", false],
    ["2026-12-31T17:00:00", false],
    ["tomorrow", false],
  ])("reads %s as a date: %s", (text, valid) => {
    expect(isChallengeDateText(text)).toBe(valid);
  });

  it.each(["0000-01-01", "1899-12-31", "0000-01-01T00:00:00Z"])(
    "refuses %s as a challenge date outside the calendar years, with the same words as the form",
    (text) => {
      const result = CreateChallengeRequestSchema.safeParse({ title: "Valid title", scope: "team", ends_at: text });
      expect(messageOf(result)).toEqual([`ends_at: Please enter a date from the year 1900 to 9999.`]);
    },
  );

  it("takes a date alone as the start or the end of that day", () => {
    expect(challengeInstant("2026-12-31", "start").toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(challengeInstant("2026-12-31", "end").toISOString()).toBe("2026-12-31T23:59:59.999Z");
    expect(challengeInstant("2026-12-31T10:00:00+01:00", "end").toISOString()).toBe("2026-12-31T09:00:00.000Z");
  });

  it("refuses a deadline before the start, also on the same day's dates", () => {
    const backwards = CreateChallengeRequestSchema.safeParse({
      title: "Valid title",
      scope: "team",
      starts_at: "2026-12-31",
      ends_at: "2026-12-30",
    });
    expect(messageOf(backwards)).toEqual([`ends_at: ${english(IDEA_MESSAGES.endsBeforeStart)}`]);
    const sameDay = CreateChallengeRequestSchema.safeParse({
      title: "Valid title",
      scope: "team",
      starts_at: "2026-12-31",
      ends_at: "2026-12-31",
    });
    expect(sameDay.success).toBe(true);
  });

  it("lets an edit clear dates and reward, and needs one change", () => {
    expect(UpdateChallengeRequestSchema.safeParse({ ends_at: null, reward_points: null }).success).toBe(true);
    expect(UpdateChallengeRequestSchema.safeParse({}).success).toBe(false);
    expect(ChallengeListQuerySchema.safeParse({ scope: "everyone" }).success).toBe(false);
  });

  it("checks action updates", () => {
    expect(
      UpdateActionRequestSchema.safeParse({ due_date: "2026-12-31", status: "blocked", owner_id: null }).success,
    ).toBe(true);
    expect(UpdateActionRequestSchema.safeParse({ due_date: "2026-13-01" }).success).toBe(false);
  });
});

describe("action due dates", () => {
  it.each([
    ["2026-12-31", null],
    ["1900-01-01", null],
    ["9999-12-31", null],
    ["2026-02-31", english(IDEA_MESSAGES.dueDateInvalid)],
    ["2026-13-01", english(IDEA_MESSAGES.dueDateInvalid)],
    ["31/12/2026", english(IDEA_MESSAGES.dueDateInvalid)],
    ["2026-12-31T10:00:00Z", english(IDEA_MESSAGES.dueDateInvalid)],
    ["0000-01-01", "Please enter a date from the year 1900 to 9999."],
    ["1899-12-31", "Please enter a date from the year 1900 to 9999."],
  ])("reads the due date %s (problem: %s)", (dueDate, problem) => {
    const result = UpdateActionRequestSchema.safeParse({ due_date: dueDate });
    expect(messageOf(result) ?? null).toEqual(problem === null ? null : [`due_date: ${problem}`]);
  });
});
