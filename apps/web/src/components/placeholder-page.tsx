import { Container, List, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconHourglassHigh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { usePageTitle } from "./use-page-title.ts";

interface PlaceholderPageProps {
  title: string;
  /** One sentence that says plainly what this page will hold. */
  description: string;
  /** What arrives here, one item per line. */
  upcoming: readonly string[];
  children?: ReactNode;
  /** Inside another page (a settings tab): a level-2 heading, no container, no document title. */
  embedded?: boolean;
}

/** A page whose features are still being built: it says what will come, never pretends. */
export function PlaceholderPage({ title, description, upcoming, children, embedded = false }: PlaceholderPageProps) {
  usePageTitle(embedded ? null : title);
  const content = (
    <Stack gap="lg">
      <Title order={embedded ? 2 : 1}>{title}</Title>
      <Text size="lg">{description}</Text>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text fw={600} component={embedded ? "h3" : "h2"} size="md">
            Coming to this page
          </Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                <IconHourglassHigh size={14} />
              </ThemeIcon>
            }
          >
            {upcoming.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
      {children}
    </Stack>
  );
  if (embedded) return <div style={{ paddingTop: "var(--mantine-spacing-lg)" }}>{content}</div>;
  return (
    <Container size="md" py="xl">
      {content}
    </Container>
  );
}
