import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** How a section looks at its heading's level: a settings tab's section (3), a card inside a section (4). */
const SECTION_LOOKS = {
  3: { padding: "lg", gap: "md", titleSize: "h4", headerGap: "md", descriptionTop: 2 },
  4: { padding: "md", gap: "sm", titleSize: "h5", headerGap: "xs", descriptionTop: undefined },
} as const;

/**
 * A titled section of a page: a bordered panel with its heading, an optional description and
 * actions beside them, then its content. By default a settings section (a level-3 heading under
 * the tab's level-2 one); `level` 4 makes it a card inside such a section.
 */
export function SettingsSection({
  title,
  description,
  children,
  dataTour,
  actions,
  level = 3,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** A tour's marker, on the heading row: a step points at the heading, which fits on any screen, not the whole section. */
  dataTour?: string;
  actions?: ReactNode;
  level?: keyof typeof SECTION_LOOKS;
}) {
  const headingId = useId();
  const look = SECTION_LOOKS[level];
  return (
    <Paper component="section" withBorder p={look.padding} radius="md" aria-labelledby={headingId}>
      <Stack gap={look.gap}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap={look.headerGap} data-tour={dataTour}>
          <div>
            <Title order={level} size={look.titleSize} id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7" mt={look.descriptionTop}>
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
