import { Button } from "@mantine/core";
import { IconSparkles } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { LoadingState } from "../../components/loading-state.tsx";
import { t } from "../../lib/i18n.ts";
import { AI_ANALYSIS_PANEL_MESSAGES } from "./ai-analysis.texts.ts";
import type { AnalysisRequest, AnalysisSubject, SuggestedTagging } from "./analysis-request.ts";

/** The panel, its request and its contract: loaded on the first press of Analyze. */
const AiAnalysisPanel = lazy(async () => ({ default: (await import("./ai-analysis-panel.tsx")).AiAnalysisPanel }));

/** The state an editor keeps for its Analyze button and panel. */
export function useAnalysisRequest() {
  const [request, setRequest] = useState<AnalysisRequest | null>(null);
  return {
    request,
    analyze: (subject: AnalysisSubject) =>
      setRequest((previous) => ({ ...subject, sequence: (previous?.sequence ?? 0) + 1 })),
    close: () => setRequest(null),
  };
}

/** "Analyze", beside an editor's Submit. */
export function AnalyzeButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button
      type="button"
      variant="light"
      leftSection={<IconSparkles size={16} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
    >
      {t(AI_ANALYSIS_PANEL_MESSAGES.analyze)}
    </Button>
  );
}

/** The analysis of the last press, loaded lazily; nothing until Analyze is pressed. */
export function AnalysisResult({
  request,
  onUseTitle,
  onOpenIdea,
  onClose,
  tagging,
}: {
  request: AnalysisRequest | null;
  onUseTitle: (title: string) => void;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
  onClose: () => void;
  /** The idea's tags being written: a suggested tag becomes one of them in one click. */
  tagging?: SuggestedTagging | undefined;
}) {
  if (!request) return null;
  return (
    <Suspense fallback={<LoadingState label={t(AI_ANALYSIS_PANEL_MESSAGES.loading)} />}>
      <AiAnalysisPanel
        request={request}
        onUseTitle={onUseTitle}
        onOpenIdea={onOpenIdea}
        onClose={onClose}
        tagging={tagging}
      />
    </Suspense>
  );
}
