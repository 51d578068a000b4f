import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { t } from "../lib/i18n.ts";
import { ActionFeedback } from "./action-feedback.tsx";
import { COMPONENT_TEXTS } from "./components.texts.ts";

export interface InlineConfirmProps {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
  /** The server's refusal, shown beside the question. */
  error?: string | null;
}

/**
 * Asks in place, inside a dialog that is already open, before a step that cannot be taken back.
 * Cancel takes the focus first, so Enter never confirms by accident.
 */
export function InlineConfirm({ question, confirmLabel, onConfirm, onCancel, isPending, error }: InlineConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={confirmLabel}>
      <Stack gap="sm">
        <Text size="sm">{question}</Text>
        <ActionFeedback error={error} />
        <Group gap="sm">
          <Button ref={cancelRef} variant="default" onClick={onCancel}>
            {t(COMPONENT_TEXTS.cancel)}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={isPending ?? false}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
