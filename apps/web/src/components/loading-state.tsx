import { Group, Loader, Text } from "@mantine/core";

/** A loading line for a section; `data-loading` tells a tour the page has not settled yet. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status" data-loading>
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
