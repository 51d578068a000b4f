import { Button, Group, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { t } from "../lib/i18n.ts";
import { ActionFeedback } from "./action-feedback.tsx";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/**
 * A dialog's form: its fields, then its error, then Cancel and the submit button, which spins
 * while sending.
 */
export function DialogForm({
  label,
  onSubmit,
  error,
  onCancel,
  cancelLabel,
  submitLabel,
  isSubmitting,
  submitColor,
  children,
}: {
  /** The form's name for assistive technology. */
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null | undefined;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** The submit button's colour when it is not the brand's (red for a denial). */
  submitColor?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        <ActionFeedback error={error ?? null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel ?? t(COMPONENT_TEXTS.cancel)}
          </Button>
          <Button type="submit" color={submitColor} loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
