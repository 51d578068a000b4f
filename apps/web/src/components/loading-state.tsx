import { Group, Loader, Text } from "@mantine/core";

/** A loading line for a section. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
