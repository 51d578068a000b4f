import {
  type AiAnalysisRequest,
  type AiAnalysisSettings,
  aiAnalysisEndpoints,
  type UpdateAiAnalysisSettingsRequest,
} from "@ideaport/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const aiAnalysisKeys = {
  all: ["ai-analysis"] as const,
  settings: () => [...aiAnalysisKeys.all, "settings"] as const,
};

/** `POST /api/ai-analysis/`: analyses the text being written (a mutation: each press of Analyze asks again). */
export function useAnalyzeIdea() {
  return useMutation({
    mutationFn: (request: AiAnalysisRequest) => apiClient.call(aiAnalysisEndpoints.analyzeIdea, request),
  });
}

/** The company's AI switch and where idea text would go (admins). */
export function useAiAnalysisSettings() {
  return useQuery({
    queryKey: aiAnalysisKeys.settings(),
    queryFn: async () => (await apiClient.call(aiAnalysisEndpoints.aiAnalysisSettings)).settings,
  });
}

export function useUpdateAiAnalysisSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateAiAnalysisSettingsRequest) =>
      (await apiClient.call(aiAnalysisEndpoints.updateAiAnalysisSettings, changes)).settings,
    onSuccess: (settings: AiAnalysisSettings) => queryClient.setQueryData(aiAnalysisKeys.settings(), settings),
  });
}
