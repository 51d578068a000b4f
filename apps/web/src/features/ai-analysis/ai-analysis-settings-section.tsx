import { AI_ANALYSIS_MESSAGES } from "@ideaport/shared";
import { Stack, Switch, Text } from "@mantine/core";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useAiAnalysisSettings, useUpdateAiAnalysisSettings } from "./ai-analysis.queries.ts";
import { AI_ANALYSIS_SETTINGS_MESSAGES } from "./ai-analysis.texts.ts";

/**
 * Company Settings: whether Analyze may send idea text to the configured language model. Says
 * plainly what goes where; off, or without a model, nothing leaves the server.
 */
export function AiAnalysisSettingsSection() {
  const settings = useAiAnalysisSettings();
  const update = useUpdateAiAnalysisSettings();
  return (
    <SettingsSection
      title={t(AI_ANALYSIS_SETTINGS_MESSAGES.title)}
      description={t(AI_ANALYSIS_SETTINGS_MESSAGES.description)}
    >
      {settings.isPending && <LoadingState label={t(AI_ANALYSIS_SETTINGS_MESSAGES.loading)} />}
      {settings.isError && (
        <ErrorState message={errorMessageOf(settings.error)} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && (
        <Stack gap="xs">
          <Switch
            label={t(AI_ANALYSIS_MESSAGES.sendTextLabel)}
            description={
              settings.data.model_configured && settings.data.provider_host && settings.data.model
                ? t(AI_ANALYSIS_MESSAGES.sendTextDescription, {
                    host: settings.data.provider_host,
                    model: settings.data.model,
                  })
                : t(AI_ANALYSIS_MESSAGES.notConfigured)
            }
            checked={settings.data.send_idea_text}
            disabled={!settings.data.model_configured || update.isPending}
            onChange={(event) => update.mutate({ send_idea_text: event.currentTarget.checked })}
          />
          <ActionFeedback
            success={
              update.isSuccess
                ? update.data.send_idea_text
                  ? t(AI_ANALYSIS_SETTINGS_MESSAGES.sendingOn)
                  : t(AI_ANALYSIS_SETTINGS_MESSAGES.sendingOff)
                : null
            }
            error={update.isError ? errorMessageOf(update.error) : null}
          />
          {!settings.data.model_configured && (
            <Text size="xs" c="gray.7">
              {t(AI_ANALYSIS_SETTINGS_MESSAGES.builtinWorks)}
            </Text>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
