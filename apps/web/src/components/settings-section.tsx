import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

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
  /** A tour's marker, on the heading row: a step points at the heading, which fits on any screen, not the whole section. */
  dataTour?: string;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" data-tour={dataTour}>
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
