import {
  AI_ANALYSIS_SIMILAR_LIMIT,
  type AiAnalysis,
  type AiAnalysisRequestSchema,
  type AiAnalysisSettings,
  type ChecklistItem,
  evaluateChecklist,
  type SimilarIdea,
  type UpdateAiAnalysisSettingsRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import type { LanguageModelConfig } from "../../config/env.ts";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { requireVisibleChallengeText } from "../challenges/challenges.service.ts";
import { findIdeasLikeText } from "../ideas/ideas.service.ts";
import { tagsOfVocabularyIn } from "../tags/tags.service.ts";
import { askLanguageModel, type ModelOutcome } from "./ai-analysis.language-model.ts";
import { presentSettings } from "./ai-analysis.presenter.ts";
import { readSendsIdeaText, readWords, writeSendsIdeaText } from "./ai-analysis.repository.ts";
import {
  keyLexemesOf,
  likenessOf,
  SIMILARITY_THRESHOLD,
  suggestTags,
  suggestTitle,
  tagCandidatesOf,
  termsQueryOf,
} from "./ai-analysis.text.ts";

export interface AiAnalysisServiceDependencies {
  db: Database;
  /** The configured language model, or undefined: the built-in analysis only. */
  languageModel: LanguageModelConfig | undefined;
}

/** Candidates read for ranking: the nearest titles, and ideas sharing key terms (any of them). */
const CANDIDATES_BY_TITLE = 20;
const CANDIDATES_BY_WORDS = 40;

/** Why a language model did not answer, for the log; the response only says `provider: "builtin"`. */
export type ModelFallback = Exclude<ModelOutcome, { ok: true }>["reason"] | null;

/** The assistant of the idea editor: the built-in analysis, and the language model on top when allowed. */
export function createAiAnalysisService({ db, languageModel }: AiAnalysisServiceDependencies) {
  /** The built-in analysis: similar ideas the caller sees, the checklist, a title and tags. */
  async function analyzeBuiltIn(
    caller: CompanyCaller,
    input: z.output<typeof AiAnalysisRequestSchema>,
    challenge: { title: string; description: string } | null,
  ) {
    const words = await readWords(db, input.title, input.description);
    const keyLexemes = keyLexemesOf(words);
    const textLexemes = [...new Set(words.flatMap((word) => (word.lexeme ? [word.lexeme] : [])))];
    const candidates = await findIdeasLikeText(db, caller, {
      title: input.title,
      termsQuery: termsQueryOf(keyLexemes),
      excludeId: input.idea_id,
      byTitle: CANDIDATES_BY_TITLE,
      byWords: CANDIDATES_BY_WORDS,
    });
    const similar: SimilarIdea[] = candidates
      .map(({ titleSimilarity, lexemes, ...idea }) => ({
        ...idea,
        similarity: likenessOf({ titleSimilarity, textLexemes, keyLexemes, ideaLexemes: lexemes }),
      }))
      .filter((idea) => idea.similarity >= SIMILARITY_THRESHOLD)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, AI_ANALYSIS_SIMILAR_LIMIT);
    const tagsInUse = await tagsOfVocabularyIn(db, caller.companyId, tagCandidatesOf(words));
    return {
      similar,
      checklist: evaluateChecklist(
        { title: input.title, description: input.description, challenge },
        translatorFor(caller.language),
      ),
      suggested_title: suggestTitle(input.title),
      suggested_tags: suggestTags(words, keyLexemes, tagsInUse),
    };
  }

  return {
    /**
     * Analyses an idea being written. The language model is asked only when one is configured
     * and the company's admins allow sending idea text; when it fails, the built-in answer stands
     * and says so (`provider: "builtin"`).
     */
    async analyze(
      caller: CompanyCaller,
      input: z.output<typeof AiAnalysisRequestSchema>,
    ): Promise<{ analysis: Omit<AiAnalysis, "success">; fallback: ModelFallback }> {
      const challenge = input.challenge_id ? await requireVisibleChallengeText(db, caller, input.challenge_id) : null;
      const builtIn = await analyzeBuiltIn(caller, input, challenge);
      if (!languageModel || !(await readSendsIdeaText(db, caller.companyId))) {
        return { analysis: { ...builtIn, provider: "builtin" }, fallback: null };
      }
      const outcome = await askLanguageModel(languageModel, {
        title: input.title,
        description: input.description,
        challenge,
        checklist: builtIn.checklist,
      });
      if (!outcome.ok) return { analysis: { ...builtIn, provider: "builtin" }, fallback: outcome.reason };
      const { answer } = outcome;
      // The model words the hints of what is missing; whether an item is answered stays the checklist's verdict.
      const checklist: ChecklistItem[] = builtIn.checklist.map((item) => ({
        ...item,
        hint: (!item.ok && answer.hints[item.key]) || item.hint,
      }));
      const suggestedTitle = answer.title === input.title.trim() ? undefined : answer.title;
      return {
        analysis: {
          ...builtIn,
          checklist,
          suggested_title: suggestedTitle,
          summary: answer.summary,
          provider: "language_model",
        },
        fallback: null,
      };
    },

    /** Company Settings: the AI switch and where idea text would go. Admins only. */
    async settings(caller: CompanyCaller): Promise<AiAnalysisSettings> {
      authorize(caller, "settings.company");
      return presentSettings(await readSendsIdeaText(db, caller.companyId), languageModel);
    },

    /** Turns sending idea text to the language model on or off for the company. Admins only. */
    async updateSettings(
      caller: CompanyCaller,
      input: z.output<typeof UpdateAiAnalysisSettingsRequestSchema>,
    ): Promise<AiAnalysisSettings> {
      authorize(caller, "settings.company");
      await writeSendsIdeaText(db, caller.companyId, input.send_idea_text);
      return presentSettings(input.send_idea_text, languageModel);
    },
  };
}
