import { Button, Group, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { ActionFeedback } from "./action-feedback.tsx";

interface SettingsFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's name for assistive technology, when its section holds more than this form. */
  label?: string;
  /** What the last save did: a success line or the form-level error. */
  success?: string | null;
  error?: string | null;
  submitLabel: ReactNode;
  isSubmitting: boolean;
  children: ReactNode;
}

/** A settings form: its fields, then what the last save did, then its submit button. */
export function SettingsForm({
  onSubmit,
  label,
  success,
  error,
  submitLabel,
  isSubmitting,
  children,
  gap = "md",
}: SettingsFormProps & { gap?: "sm" | "md" }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap}>
        {children}
        <ActionFeedback success={success} error={error} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A one-line settings form: its field and submit button side by side, what the last save did below. */
export function InlineSettingsForm({
  onSubmit,
  label,
  success,
  error,
  submitLabel,
  isSubmitting,
  children,
}: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          {children}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
        <ActionFeedback success={success} error={error} />
      </Stack>
    </form>
  );
}
