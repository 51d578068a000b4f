import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { IDEA_PHRASES, IDEA_TITLE_MAX_LENGTH } from "../ideas/limits.ts";
import { requiredText, SuccessSchema } from "./common.ts";
import { ChecklistItemSchema, IdeaDescriptionSchema, IdeaStatusSchema } from "./ideas.ts";
import { ChallengeIdSchema, IdeaIdSchema } from "./request-fields.ts";

/** How many similar ideas and suggested tags an analysis answers at most. */
export const AI_ANALYSIS_SIMILAR_LIMIT = 5;
export const AI_ANALYSIS_TAGS_LIMIT = 5;

export const AI_ANALYSIS_MESSAGES = defineMessages({
  titleRequired: {
    id: "shared.aiAnalysis.titleRequired",
    defaultMessage: "Please write a title or a line about your idea before analysing it.",
  },
  sendTextLabel: {
    id: "shared.aiAnalysis.sendTextLabel",
    defaultMessage: "Send idea text to the language model",
    description: "Company Settings: the switch that lets idea text go to the configured language model",
  },
  sendTextDescription: {
    id: "shared.aiAnalysis.sendTextDescription",
    defaultMessage:
      "When someone presses Analyze, the idea's title and description (and the challenge's title and description, when it answers one) are sent to {host} (model {model}) to suggest a clearer title, a summary and hints. Names, e-mail addresses and other ideas are never sent. Off: the analysis runs on this server only.",
    description: "Company Settings: what the switch sends where; {host} is the language model's address",
  },
  sendTextInvalid: {
    id: "shared.aiAnalysis.sendTextInvalid",
    defaultMessage: "send_idea_text must be true or false.",
  },
  notConfigured: {
    id: "shared.aiAnalysis.notConfigured",
    defaultMessage:
      "No language model is configured on this server (AI_API_URL, AI_API_KEY and AI_MODEL), so the analysis runs on this server only and no idea text leaves it.",
  },
});

/** Who answered: this server's own analysis, or the configured language model on top of it. */
export const AI_ANALYSIS_PROVIDERS = ["builtin", "language_model"] as const;
export type AiAnalysisProvider = (typeof AI_ANALYSIS_PROVIDERS)[number];

/** POST /api/ai-analysis/: the text being written, and the idea it belongs to once saved. */
export const AiAnalysisRequestSchema = z.object({
  title: requiredText(AI_ANALYSIS_MESSAGES.titleRequired, IDEA_TITLE_MAX_LENGTH, IDEA_PHRASES.titleTooLong),
  description: IdeaDescriptionSchema.default(""),
  challenge_id: ChallengeIdSchema.nullish(),
  /** The idea being edited (a draft or a revision), left out of its own similar ideas. */
  idea_id: IdeaIdSchema.nullish(),
});
export type AiAnalysisRequest = z.input<typeof AiAnalysisRequestSchema>;

export const SimilarIdeaSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: IdeaStatusSchema,
  /** From 0 to 1: how close the idea is to the text analysed. */
  similarity: z.number().min(0).max(1),
  /** The caller may vote for it ("This is the same as mine"). */
  can_vote: z.boolean(),
  has_voted: z.boolean(),
});
export type SimilarIdea = z.infer<typeof SimilarIdeaSchema>;

export const AiAnalysisResponseSchema = SuccessSchema.extend({
  similar: z.array(SimilarIdeaSchema),
  checklist: z.array(ChecklistItemSchema),
  suggested_title: z.string().optional(),
  suggested_tags: z.array(z.string()),
  summary: z.string().optional(),
  provider: z.enum(AI_ANALYSIS_PROVIDERS),
});
export type AiAnalysis = z.infer<typeof AiAnalysisResponseSchema>;

/** Company Settings: whether idea text may go to the configured language model, and where that is. */
export const AiAnalysisSettingsSchema = z.object({
  send_idea_text: z.boolean(),
  /** A language model is configured on the server (AI_API_URL, AI_API_KEY, AI_MODEL). */
  model_configured: z.boolean(),
  /** Where the text would go: the model service's host name, and the model. */
  provider_host: z.string().nullable(),
  model: z.string().nullable(),
});
export type AiAnalysisSettings = z.infer<typeof AiAnalysisSettingsSchema>;

export const UpdateAiAnalysisSettingsRequestSchema = z.object({
  send_idea_text: z.boolean({ error: schemaMessage(AI_ANALYSIS_MESSAGES.sendTextInvalid) }),
});
export type UpdateAiAnalysisSettingsRequest = z.input<typeof UpdateAiAnalysisSettingsRequestSchema>;

export const AiAnalysisSettingsResponseSchema = SuccessSchema.extend({
  settings: AiAnalysisSettingsSchema,
});

/** The assistant of the idea editor, and its company setting. */
export const aiAnalysisEndpoints = {
  analyzeIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "POST",
    path: "/api/ai-analysis/",
    body: AiAnalysisRequestSchema,
    response: AiAnalysisResponseSchema,
  }),
  aiAnalysisSettings: defineEndpoint({
    method: "GET",
    path: "/api/ai-analysis/settings/",
    response: AiAnalysisSettingsResponseSchema,
  }),
  updateAiAnalysisSettings: defineEndpoint({
    method: "PUT",
    path: "/api/ai-analysis/settings/",
    body: UpdateAiAnalysisSettingsRequestSchema,
    response: AiAnalysisSettingsResponseSchema,
  }),
} as const;
