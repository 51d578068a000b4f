import { ERROR_MESSAGES, ROUTES } from "@ideaport/shared";
import { Button, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconBrowser } from "@tabler/icons-react";
import { Link } from "react-router";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { t } from "../../lib/i18n.ts";

/**
 * /multiple-tabs-error: shown when the app is already open in another tab. Working in one tab
 * keeps drafts, notifications and the guided tours consistent.
 */
export function MultipleTabsPage() {
  usePageTitle("Already open in another tab");
  return (
    <PublicPageShell>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconBrowser size={32} aria-hidden color="var(--mantine-color-brand-6)" />
          <Title order={1} size="h2">
            Ideaport is open in another tab
          </Title>
        </Group>
        <Text>{t(ERROR_MESSAGES.multipleTabs)}</Text>
        <Text c="gray.7">
          Working in a single tab keeps your drafts, notifications and guided tours in step. You can:
        </Text>
        <List spacing="xs">
          <List.Item>switch to the tab where Ideaport is already open, and close this one; or</List.Item>
          <List.Item>close the other tab, then continue here with the button below.</List.Item>
        </List>
        <Group>
          <Button component={Link} to={ROUTES.app}>
            Use this tab instead
          </Button>
          <Button component={Link} to={ROUTES.landing} variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </PublicPageShell>
  );
}
