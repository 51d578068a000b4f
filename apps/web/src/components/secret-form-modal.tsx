import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import type { FormEventHandler, ReactNode } from "react";
import { CopyableValue } from "./copyable-value.tsx";
import { DialogForm } from "./dialog-form.tsx";

/** What the dialog says of a new secret, shown this once. */
export interface ShownSecret {
  /** The dialog's title once the secret is shown. */
  title: string;
  /** That it cannot be shown again. */
  warning: string;
  label: string;
  /** The copy button's accessible name, e.g. "Copy the token". */
  copyLabel: string;
  doneLabel: string;
}

/**
 * A dialog that creates something with a secret (a token, a webhook's signing secret): its form,
 * then, once created, the secret shown this once with its warning, its copy button and Done.
 */
export function SecretFormModal({
  opened = true,
  title,
  secret,
  shown,
  onClose,
  onSubmit,
  error,
  submitLabel,
  isSubmitting,
  children,
}: {
  opened?: boolean;
  /** The form's title. */
  title: string;
  /** The new secret; null while the form is shown. */
  secret: string | null;
  shown: ShownSecret;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  submitLabel: string;
  isSubmitting: boolean;
  /** The form's fields. */
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={secret ? shown.title : title} centered size="lg">
      {secret ? (
        <Stack gap="md">
          <Alert variant="light" color="orange" icon={<IconKey size={18} aria-hidden />}>
            {shown.warning}
          </Alert>
          <CopyableValue label={shown.label} value={secret} copyLabel={shown.copyLabel} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {shown.doneLabel}
            </Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm
          onSubmit={onSubmit}
          error={error}
          onCancel={onClose}
          submitLabel={submitLabel}
          isSubmitting={isSubmitting}
        >
          {children}
        </DialogForm>
      )}
    </Modal>
  );
}
