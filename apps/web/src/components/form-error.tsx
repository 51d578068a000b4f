import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/** A form's error message in an alert, announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="light" color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}
