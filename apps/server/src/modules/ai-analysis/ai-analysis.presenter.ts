import type { AiAnalysisSettings } from "@ideaport/shared";
import type { LanguageModelConfig } from "../../config/env.ts";

/** The AI setting as Company Settings shows it: the switch, and the host and model text would go to (never the key). */
export function presentSettings(
  sendsIdeaText: boolean,
  languageModel: LanguageModelConfig | undefined,
): AiAnalysisSettings {
  return {
    send_idea_text: sendsIdeaText,
    model_configured: languageModel !== undefined,
    provider_host: languageModel ? new URL(languageModel.url).host : null,
    model: languageModel?.model ?? null,
  };
}
