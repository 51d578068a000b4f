import { Button, Group } from "@mantine/core";
import { ActionFeedback } from "./action-feedback.tsx";

/** A dialog form's foot: its error, then Cancel and the submit button, which spins while sending. */
export function DialogFormActions({
  error,
  onCancel,
  submitLabel,
  isSubmitting,
  submitColor,
}: {
  error: string | null | undefined;
  onCancel: () => void;
  submitLabel: string;
  isSubmitting: boolean;
  /** The submit button's colour when it is not the brand's (red for a denial). */
  submitColor?: string;
}) {
  return (
    <>
      <ActionFeedback error={error ?? null} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" color={submitColor} loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
