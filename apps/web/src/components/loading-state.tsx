import { Box, Group, Loader, Text } from "@mantine/core";
import { type ReactNode, Suspense } from "react";

/** A loading line for a section; `data-loading` tells a tour the page has not settled yet. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status" data-loading>
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * A part whose code loads on first render: until it is there, a loading line that holds
 * `minHeight` pixels, so what follows does not move when the part arrives.
 */
export function LoadingSuspense({
  label,
  minHeight,
  children,
}: {
  label: string;
  minHeight: number;
  children: ReactNode;
}) {
  return (
    <Suspense
      fallback={
        <Box mih={minHeight}>
          <LoadingState label={label} />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}
