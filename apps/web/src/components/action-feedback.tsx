import { Alert, Group, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";

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
