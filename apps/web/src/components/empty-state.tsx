import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A quiet line for an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="gray.7">
      {children}
    </Text>
  );
}
