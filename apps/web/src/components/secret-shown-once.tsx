import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { CopyableValue } from "./copyable-value.tsx";

/**
 * A new secret (a token, a signing secret) shown this once: the warning that it cannot be shown
 * again, the value with its copy button, and Done.
 */
export function SecretShownOnce({
  warning,
  label,
  value,
  copyLabel,
  doneLabel,
  onDone,
}: {
  warning: string;
  label: string;
  value: string;
  /** The copy button's accessible name, e.g. "Copy the token". */
  copyLabel: string;
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="orange" icon={<IconKey size={18} aria-hidden />}>
        {warning}
      </Alert>
      <CopyableValue label={label} value={value} copyLabel={copyLabel} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
