import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "../lib/i18n.ts";
import { ActionFeedback } from "./action-feedback.tsx";
import { COMPONENT_TEXTS } from "./components.texts.ts";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
  /** The server's refusal, shown in the dialog so the user can read it before closing. */
  error?: string | null;
}

/**
 * Asks before a destructive action; Cancel is focused first, so Enter never destroys by accident.
 * Pages use it as `ConfirmDialog` (confirm-dialog.tsx), which loads it when it first opens.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  isPending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <ActionFeedback error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t(COMPONENT_TEXTS.cancel)}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
