/**
 * The language model of the AI analysis: one call to an OpenAI-compatible chat-completions
 * service (Node's fetch, no client library), asking for a strict JSON answer that a zod schema
 * checks. Anything else (a time-out, a refusal, malformed output, an HTTP error) is a failure the
 * caller falls back from; nothing here throws.
 */
import { CHECKLIST_KEYS, type ChecklistItem, IDEA_TITLE_MAX_LENGTH, IDEA_TITLE_MIN_LENGTH } from "@ideaport/shared";
import { z } from "zod";
import type { LanguageModelConfig } from "../../config/env.ts";

/** What the model must answer, exactly: unknown keys, wrong types or lengths fail the whole answer. */
export const ModelAnswerSchema = z.strictObject({
  title: z.string().trim().min(IDEA_TITLE_MIN_LENGTH).max(IDEA_TITLE_MAX_LENGTH),
  summary: z.string().trim().min(1).max(600),
  hints: z.partialRecord(z.enum(CHECKLIST_KEYS), z.string().trim().min(1).max(200)),
});
export type ModelAnswer = z.infer<typeof ModelAnswerSchema>;

/** What is sent: the idea's own text, its challenge's, and the built-in checklist's verdicts. */
export interface ModelQuestion {
  title: string;
  description: string;
  challenge: { title: string; description: string } | null;
  checklist: ChecklistItem[];
}

export type ModelOutcome =
  | { ok: true; answer: ModelAnswer }
  | { ok: false; reason: "timeout" | "refusal" | "malformed" | "provider_error" | "unreachable" };

const INSTRUCTIONS = [
  "You help an employee improve an idea before a manager reviews it.",
  'Answer with one JSON object and nothing else: {"title": string, "summary": string, "hints": {key: string}}.',
  "Write every text in the language the idea is written in: its author and its reviewers read it.",
  "title: a clearer title for the idea, at most 80 characters.",
  "summary: exactly two sentences for the reviewer: the problem, and the proposed change with its expected effect.",
  `hints: for each checklist key whose "ok" is false, one short sentence telling the author what to add. Keys: ${CHECKLIST_KEYS.join(", ")}.`,
  "Do not invent facts, numbers or names that the idea does not contain.",
].join("\n");

/** The system and user messages of the call. */
export function modelMessagesOf(question: ModelQuestion) {
  return [
    { role: "system", content: INSTRUCTIONS },
    {
      role: "user",
      content: JSON.stringify({
        idea: { title: question.title, description: question.description },
        challenge: question.challenge,
        checklist: question.checklist.map((item) => ({ key: item.key, ok: item.ok })),
      }),
    },
  ];
}

const ChatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

/** Asks the model; answers its checked answer, or why there is none. */
export async function askLanguageModel(config: LanguageModelConfig, question: ModelQuestion): Promise<ModelOutcome> {
  let response: Response;
  try {
    response = await fetch(`${config.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        messages: modelMessagesOf(question),
        response_format: { type: "json_object" },
        temperature: 0.2,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { ok: false, reason: name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable" };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reason: "provider_error" };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { ok: false, reason: name === "TimeoutError" || name === "AbortError" ? "timeout" : "malformed" };
  }
  const completion = ChatCompletionSchema.safeParse(body);
  if (!completion.success) return { ok: false, reason: "malformed" };
  const [choice] = completion.data.choices;
  if (choice?.message.refusal || choice?.finish_reason === "content_filter") return { ok: false, reason: "refusal" };
  const content = choice?.message.content;
  if (!content) return { ok: false, reason: "refusal" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const answer = ModelAnswerSchema.safeParse(parsed);
  return answer.success ? { ok: true, answer: answer.data } : { ok: false, reason: "malformed" };
}
