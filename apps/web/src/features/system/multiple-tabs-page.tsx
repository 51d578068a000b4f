import { ERROR_MESSAGES, ROUTES } from "@ideaport/shared";
import { Button, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconBrowser } from "@tabler/icons-react";
import { Link } from "react-router";
import { COMPONENT_TEXTS } from "../../components/components.texts.ts";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { t } from "../../lib/i18n.ts";
import { MULTIPLE_TABS_TEXTS } from "./system.texts.ts";

/**
 * /multiple-tabs-error: shown when the app is already open in another tab. Working in one tab
 * keeps drafts, notifications and the guided tours consistent.
 */
export function MultipleTabsPage() {
  usePageTitle(t(MULTIPLE_TABS_TEXTS.pageTitle));
  return (
    <PublicPageShell>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconBrowser size={32} aria-hidden color="var(--mantine-color-brand-6)" />
          <Title order={1} size="h2">
            {t(MULTIPLE_TABS_TEXTS.heading)}
          </Title>
        </Group>
        <Text>{t(ERROR_MESSAGES.multipleTabs)}</Text>
        <Text c="gray.7">{t(MULTIPLE_TABS_TEXTS.why)}</Text>
        <List spacing="xs">
          <List.Item>{t(MULTIPLE_TABS_TEXTS.switchTab)}</List.Item>
          <List.Item>{t(MULTIPLE_TABS_TEXTS.closeOther)}</List.Item>
        </List>
        <Group>
          <Button component={Link} to={ROUTES.app}>
            {t(MULTIPLE_TABS_TEXTS.useThisTab)}
          </Button>
          <Button component={Link} to={ROUTES.landing} variant="default">
            {t(COMPONENT_TEXTS.goToHomePage)}
          </Button>
        </Group>
      </Stack>
    </PublicPageShell>
  );
}
