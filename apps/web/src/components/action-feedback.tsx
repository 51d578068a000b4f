import { ERROR_MESSAGES } from "@ideaport/shared";
import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useErrorUntilReconnected } from "../lib/connectivity.ts";
import { t } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/**
 * What happened to the last action: a success (announced politely) or an error (announced at
 * once). The status region stays mounted so screen readers hear the change. A network error goes
 * once the browser is back online; with `onRetry`, "Try again" then offers the action once more.
 */
export function ActionFeedback({
  success,
  error,
  onRetry,
}: {
  success?: string | null;
  error?: string | null;
  onRetry?: (() => void) | undefined;
}) {
  const shown = useErrorUntilReconnected(error, t(ERROR_MESSAGES.networkError));
  return (
    <>
      <div role="status">
        {success && !shown.error && (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />
            <Text size="sm" c="green.9" fw={600}>
              {success}
            </Text>
          </Group>
        )}
        {shown.wasCleared && onRetry && (
          <Group gap="xs">
            <Text size="sm">{t(COMPONENT_TEXTS.backOnline)}</Text>
            <Button size="compact-sm" variant="default" onClick={onRetry}>
              {t(COMPONENT_TEXTS.tryAgain)}
            </Button>
          </Group>
        )}
      </div>
      {shown.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} p="xs">
          {shown.error}
        </Alert>
      )}
    </>
  );
}
