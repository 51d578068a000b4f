import { ERROR_MESSAGES } from "@ideaport/shared";
import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useErrorUntilReconnected } from "../lib/connectivity.ts";
import { t } from "../lib/i18n.ts";

/**
 * A form's error message in an alert, announced to screen readers; nothing when there is none,
 * nor once the browser is back online after a network error (the form can be sent again).
 */
export function FormError({ message }: { message: string | null | undefined }) {
  const shown = useErrorUntilReconnected(message, t(ERROR_MESSAGES.networkError)).error;
  if (!shown) return null;
  return (
    <Alert variant="light" color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {shown}
    </Alert>
  );
}
