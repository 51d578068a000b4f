/**
 * The reviewer's checklist of the AI analysis: what a manager looks for in an idea, each with the
 * one-line hint the author sees. One pure function, used by the server's analysis and by the
 * review screen, so the author and the reviewer read the same verdicts.
 */
import { defineMessage, type MessageDescriptor, type SayMessage } from "../i18n/messages.ts";

/** The checklist's questions, in the order they are shown. */
export const CHECKLIST_KEYS = ["problem", "change", "beneficiaries", "effort", "outcome", "challenge"] as const;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

/** Each question's label, and its hint when the idea answers it and when it does not. */
export const CHECKLIST_TEXTS: Readonly<
  Record<ChecklistKey, { label: MessageDescriptor; ok: MessageDescriptor; missing: MessageDescriptor }>
> = {
  problem: {
    label: defineMessage({ id: "shared.checklist.problem.label", defaultMessage: "The problem" }),
    ok: defineMessage({ id: "shared.checklist.problem.ok", defaultMessage: "It says what goes wrong today." }),
    missing: defineMessage({
      id: "shared.checklist.problem.missing",
      defaultMessage: "Say what goes wrong today, and how often or for how long.",
    }),
  },
  change: {
    label: defineMessage({ id: "shared.checklist.change.label", defaultMessage: "The proposed change" }),
    ok: defineMessage({ id: "shared.checklist.change.ok", defaultMessage: "It proposes a concrete change." }),
    missing: defineMessage({
      id: "shared.checklist.change.missing",
      defaultMessage: "Say what you propose to do differently, in one sentence.",
    }),
  },
  beneficiaries: {
    label: defineMessage({ id: "shared.checklist.beneficiaries.label", defaultMessage: "Who benefits" }),
    ok: defineMessage({ id: "shared.checklist.beneficiaries.ok", defaultMessage: "It names who benefits." }),
    missing: defineMessage({
      id: "shared.checklist.beneficiaries.missing",
      defaultMessage: "Say who gains from it: customers, a team, new hires, everyone.",
    }),
  },
  effort: {
    label: defineMessage({ id: "shared.checklist.effort.label", defaultMessage: "Rough cost or effort" }),
    ok: defineMessage({ id: "shared.checklist.effort.ok", defaultMessage: "It gives a rough cost or effort." }),
    missing: defineMessage({
      id: "shared.checklist.effort.missing",
      defaultMessage: "Give a rough cost or effort, for example “about 2 days of work” or “€500”.",
    }),
  },
  outcome: {
    label: defineMessage({ id: "shared.checklist.outcome.label", defaultMessage: "A measurable outcome" }),
    ok: defineMessage({
      id: "shared.checklist.outcome.ok",
      defaultMessage: "It gives an outcome that can be measured.",
    }),
    missing: defineMessage({
      id: "shared.checklist.outcome.missing",
      defaultMessage: "Say what would change, in numbers: “cut waiting time by 20%”, “save 3 hours a week”.",
    }),
  },
  challenge: {
    label: defineMessage({ id: "shared.checklist.challenge.label", defaultMessage: "Answers the challenge" }),
    ok: defineMessage({
      id: "shared.checklist.challenge.ok",
      defaultMessage: "It speaks to the challenge's question.",
    }),
    missing: defineMessage({
      id: "shared.checklist.challenge.missing",
      defaultMessage: "Say how this answers the challenge's question, using its words.",
    }),
  },
};

export interface ChecklistItem {
  key: ChecklistKey;
  ok: boolean;
  hint: string;
}

/** What is kept of a checklist: each question's verdict (its hint follows from it). */
export type ChecklistVerdict = Pick<ChecklistItem, "key" | "ok">;

/** The checklist items of kept verdicts, each with the hint for its verdict in the reader's language. */
export function checklistOfVerdicts(verdicts: readonly ChecklistVerdict[], t: SayMessage): ChecklistItem[] {
  return verdicts.map(({ key, ok }) => ({
    key,
    ok,
    hint: t(ok ? CHECKLIST_TEXTS[key].ok : CHECKLIST_TEXTS[key].missing),
  }));
}

export interface ChecklistInput {
  title: string;
  description: string;
  /** The challenge the idea answers, when it answers one. */
  challenge?: { title: string; description?: string } | null;
}

// The cues are whole words (or word starts) a reviewer would accept as an answer to each question.
const PROBLEM =
  /\b(problems?|issues?|pain|slow|slower|waste[sd]?|wasting|hard|difficult|costly|expensive|errors?|mistakes?|delays?|delayed|broken|frustrat\w*|manual(ly)?|currently|today|lacks?|lacking|missing|can't|cannot|struggl\w*|complain\w*|risk\w*|unsafe|queue\w*|bottleneck\w*|too (long|much|many|often|high|low))\b/i;
const CHANGE =
  /\b(propose\w*|suggest\w*|should|could|let's|introduce|replace|switch|automat\w*|add|adding|create|build|install|start|stop|move|use|using|set up|implement\w*|offer|provide|buy|train|trial|pilot|share|merge|digiti[sz]e)\b/i;
const BENEFICIARIES =
  /\b(customers?|clients?|employees?|staff|colleagues|teams?|everyone|everybody|users?|people|new hires?|newcomers|managers?|visitors?|patients?|students?|departments?|drivers?|engineers?|developers?|support|sales|benefit\w*|helps?|helping|for (the|our|all|each|every))\b/i;
const EFFORT =
  /([$€£]\s?\d|\d[\d.,]*\s?(k|eur|euros?|usd|dollars?|gbp|pounds?|hours?|hrs?|days?|weeks?|months?|sprints?|people|persons?|fte)\b|\b(costs?|budget|effort|price|cheap|free of charge|invest\w*|one-off|licen[cs]es?|spend)\b)/i;
const OUTCOME_NUMBER =
  /(\d+(\.\d+)?\s?%|\bpercent\b|\b\d[\d.,]*\s?(hours?|minutes?|days?|[$€£]|eur|euros?|per (day|week|month|year))\b|[$€£]\s?\d)/i;
const OUTCOME_WORD =
  /\b(sav(e|es|ed|ing|ings)|reduc\w*|increas\w*|cut|cuts|fewer|less|faster|quicker|halv\w*|doubl\w*|improv\w*|measur\w*|kpi|target|from \d[\d.,]* to \d)/i;

/** Words too common to show that an idea speaks to a challenge. */
const COMMON_WORDS = new Set(
  "about above after again also because been before being between both could does doing down during each from further have having here into just more most much only other ours over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours idea ideas make better good".split(
    " ",
  ),
);

/** Lower-case word stems (first five letters) of the words of four letters or more, common words aside. */
export function keyStemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of text.toLowerCase().match(/\p{L}[\p{L}'-]*/gu) ?? []) {
    if (word.length >= 4 && !COMMON_WORDS.has(word)) stems.add(word.slice(0, 5));
  }
  return stems;
}

function isAnswered(key: ChecklistKey, text: string, input: ChecklistInput): boolean {
  switch (key) {
    case "problem":
      return PROBLEM.test(text);
    case "change":
      return CHANGE.test(text);
    case "beneficiaries":
      return BENEFICIARIES.test(text);
    case "effort":
      return EFFORT.test(text);
    case "outcome":
      return OUTCOME_NUMBER.test(text) && OUTCOME_WORD.test(text);
    case "challenge": {
      const challengeStems = keyStemsOf(`${input.challenge?.title ?? ""} ${input.challenge?.description ?? ""}`);
      return [...keyStemsOf(text)].some((stem) => challengeStems.has(stem));
    }
  }
}

/**
 * Whether an idea answers each question of the checklist. The challenge's question is asked only
 * of an idea that answers a challenge.
 */
export function checklistVerdictsOf(input: ChecklistInput): ChecklistVerdict[] {
  const text = `${input.title}\n${input.description}`;
  return CHECKLIST_KEYS.filter((key) => key !== "challenge" || input.challenge).map((key) => ({
    key,
    ok: isAnswered(key, text, input),
  }));
}

/** The checklist of an idea: every question, answered or not, with its hint in the language of `t`. */
export function evaluateChecklist(input: ChecklistInput, t: SayMessage): ChecklistItem[] {
  return checklistOfVerdicts(checklistVerdictsOf(input), t);
}
