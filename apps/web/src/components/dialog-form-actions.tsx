import { Button, Group } from "@mantine/core";
import { ActionFeedback } from "./action-feedback.tsx";

/** A dialog form's foot: its error, then Cancel and the submit button, which spins while sending. */
export function DialogFormActions({
  error,
  onCancel,
  submitLabel,
  isSubmitting,
}: {
  error: string | null | undefined;
  onCancel: () => void;
  submitLabel: string;
  isSubmitting: boolean;
}) {
  return (
    <>
      <ActionFeedback error={error ?? null} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
