import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { t } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/** A section that could not load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t(COMPONENT_TEXTS.tryAgain)}
        </Button>
      </Stack>
    </Alert>
  );
}
