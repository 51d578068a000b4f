import { Box, Group, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** A titled part of the dialog (a level-3 heading under the dialog's title). */
export function DetailSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Box>
  );
}
