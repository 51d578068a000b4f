import { ROUTES } from "@ideaport/shared";
import { Anchor, Box, Container, Group, Paper } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageSwitcher } from "./language-switcher.tsx";

/**
 * The frame of the public pages (login, password reset, invitations): the logo, and the content
 * in one bordered panel, centred and at most `panelWidth` wide when given.
 */
export function PublicPageShell({ panelWidth, children }: { panelWidth?: number; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        component="header"
        py="md"
        px="lg"
        bg="white"
        style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
      >
        <Group justify="space-between">
          <Anchor component={Link} to={ROUTES.landing} fw={800} size="xl" underline="never">
            Ideaport
          </Anchor>
          <LanguageSwitcher />
        </Group>
      </Box>
      <Container component="main" size="sm" py="xl">
        <Paper withBorder shadow="sm" p="xl" radius="md" maw={panelWidth} mx="auto">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
