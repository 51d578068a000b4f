import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/messages.ts";
import { CHECKLIST_TEXTS, type ChecklistKey, evaluateChecklist } from "./checklist.ts";

const english = createTranslator("en", {});

const verdicts = (title: string, description: string, challenge?: { title: string; description?: string }) =>
  Object.fromEntries(evaluateChecklist({ title, description, challenge }, english).map((item) => [item.key, item.ok]));

describe("evaluateChecklist", () => {
  const rows: Array<[string, string, Partial<Record<ChecklistKey, boolean>>]> = [
    ["Coffee", "", { problem: false, change: false, beneficiaries: false, effort: false, outcome: false }],
    [
      "Automate the expense reports",
      "Today every claim is typed in by hand and takes too long. Finance staff would save 5 hours a week; a tool costs €300 a month.",
      { problem: true, change: true, beneficiaries: true, effort: true, outcome: true },
    ],
    ["Switch to LED lights", "It would cut energy use.", { change: true, outcome: false }],
    ["Switch to LED lights", "It would cut energy use by 40%.", { outcome: true }],
    ["Switch to LED lights", "About 2 days of work for the caretaker.", { effort: true }],
    ["New hires get a buddy", "", { beneficiaries: true }],
  ];
  it.each(rows)("%s / %s", (title, description, expected) => {
    expect(verdicts(title, description)).toMatchObject(expected);
  });

  it("asks about the challenge only for an idea answering one, by the challenge's own words", () => {
    expect(verdicts("Switch to LED lights", "")).not.toHaveProperty("challenge");
    const challenge = { title: "How can we lower our energy bill?", description: "Heating and lighting cost a lot." };
    expect(verdicts("Switch to LED lighting", "", challenge).challenge).toBe(true);
    expect(verdicts("Chess tournament", "Each quarter.", challenge).challenge).toBe(false);
  });

  it("gives each item the hint of its verdict", () => {
    const [problem] = evaluateChecklist({ title: "Coffee", description: "" }, english);
    expect(problem).toEqual({ key: "problem", ok: false, hint: english(CHECKLIST_TEXTS.problem.missing) });
  });
});
