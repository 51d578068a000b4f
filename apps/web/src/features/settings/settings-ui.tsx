import { Alert, Button, Group, Loader, Modal, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type ComponentProps, type ReactNode, useId } from "react";

/** A titled section of a settings page (a level-3 heading under the tab's level-2 one). */
export function SettingsSection({
  title,
  description,
  children,
  dataTour,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  dataTour?: string;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="lg" radius="md" data-tour={dataTour} aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7" mt={2}>
                {description}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * What happened to the last action: a success (announced politely) or an error (announced at
 * once). The status region stays mounted so screen readers hear the change.
 */
export function ActionFeedback({ success, error }: { success?: string | null; error?: string | null }) {
  return (
    <>
      <div role="status">
        {success && !error && (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />
            <Text size="sm" c="green.9" fw={600}>
              {success}
            </Text>
          </Group>
        )}
      </div>
      {error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} p="xs">
          {error}
        </Alert>
      )}
    </>
  );
}

/** A loading line for a section. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** A section that could not load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A quiet line for an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="gray.7">
      {children}
    </Text>
  );
}

interface ConfirmDialogProps {
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

/** Asks before a destructive action; Cancel is focused first, so Enter never destroys by accident. */
export function ConfirmDialog({
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
            Cancel
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Mantine's PasswordInput neither marks itself invalid nor points at its error text; this one
 * does both, so a screen reader hears why the field was refused.
 */
export function AccessiblePasswordInput(props: ComponentProps<typeof PasswordInput>) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hasErrorText = props.error !== undefined && typeof props.error !== "boolean" && props.error !== null;
  const describedBy = [props.description ? `${id}-description` : null, hasErrorText ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <PasswordInput
      {...props}
      id={id}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy === "" ? undefined : describedBy}
    />
  );
}
