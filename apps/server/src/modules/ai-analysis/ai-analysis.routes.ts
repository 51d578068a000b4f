import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createAiAnalysisService } from "./ai-analysis.service.ts";

/** The idea editor's assistant (POST /api/ai-analysis/) and its Company Settings switch. */
export async function aiAnalysisRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createAiAnalysisService({ db: options.database.db, languageModel: options.config.languageModel });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(api.analyzeIdea.path, signedInLimited(app, api.analyzeIdea), async (request) => {
    const { analysis, fallback } = await service.analyze(companyCallerOf(request), request.body);
    if (fallback)
      request.log.warn({ reason: fallback }, "AI analysis: the language model failed; built-in answer sent");
    return { success: true as const, ...analysis };
  });

  routes.get(api.aiAnalysisSettings.path, signedInRead(app, api.aiAnalysisSettings), async (request) => ({
    success: true as const,
    settings: await service.settings(companyCallerOf(request)),
  }));

  routes.put(
    api.updateAiAnalysisSettings.path,
    signedInLimited(app, api.updateAiAnalysisSettings),
    async (request) => ({
      success: true as const,
      settings: await service.updateSettings(companyCallerOf(request), request.body),
    }),
  );
}
