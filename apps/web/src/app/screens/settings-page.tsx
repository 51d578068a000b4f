import { type SettingsType, settingsPath, settingsTypesFor } from "@ideaport/shared";
import { Container, Stack, Tabs, Title } from "@mantine/core";
import { IconBuilding, IconUser, IconUsersGroup } from "@tabler/icons-react";
import { type ComponentType, lazy, type ReactNode, useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { LoadingSuspense } from "../../components/loading-state.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { runWhenIdle } from "../../lib/idle.ts";
import { SETTINGS_AREA_TEXTS, SETTINGS_TEXTS } from "../app.texts.ts";
import { SettingsHeading } from "./settings-heading.tsx";

/** A settings area's panel, its own chunk: a visit loads the area it shows, not the other two. */
function lazyPanel(load: () => Promise<ComponentType>) {
  const preload = () => {
    load().catch(() => {
      // Opening the tab loads it again and shows the section's error screen if it still fails.
    });
  };
  return { Panel: lazy(async () => ({ default: await load() })), preload };
}

const SETTINGS_TABS: Record<SettingsType, { icon: ReactNode } & ReturnType<typeof lazyPanel>> = {
  profile: {
    icon: <IconUser size={16} aria-hidden />,
    ...lazyPanel(() => import("./profile-settings.tsx").then((module) => module.ProfileSettings)),
  },
  team: {
    icon: <IconUsersGroup size={16} aria-hidden />,
    ...lazyPanel(() => import("../../features/teams/team-settings.tsx").then((module) => module.TeamSettings)),
  },
  company: {
    icon: <IconBuilding size={16} aria-hidden />,
    ...lazyPanel(() => import("./company-settings.tsx").then((module) => module.CompanySettings)),
  },
};

/**
 * Pixels a panel holds while its code loads: about its first section, so that the page does not
 * jump when the panel arrives.
 */
const PANEL_LOADING_HEIGHT = 360;

/**
 * /app/settings and /app/settings/{type}: one tab per settings area the user may open (profile for
 * everyone, team for managers and admins, company for admins); /app/settings shows the profile.
 * The route guard already sends anyone else's type back to the profile.
 */
export function SettingsPage() {
  usePageTitle(t(SETTINGS_TEXTS.pageTitle));
  const { user } = useAuth();
  const navigate = useNavigate();
  const { type } = useParams();
  const types = user ? settingsTypesFor(user) : [];
  const typesKey = types.join();
  // The other areas' code arrives while the browser is idle, so switching tabs does not wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: typesKey stands for the list of types.
  useEffect(
    () =>
      runWhenIdle(() => {
        for (const settingsType of types) SETTINGS_TABS[settingsType].preload();
      }),
    [typesKey],
  );
  if (!user) return null;
  const current: SettingsType = types.find((candidate) => candidate === type) ?? "profile";

  return (
    <Container size="lg" pt="xl" pb="xl">
      <SettingsHeading />
      <Tabs
        value={current}
        onChange={(value) => value && navigate(settingsPath(value as SettingsType))}
        keepMounted={false}
      >
        <Tabs.List aria-label={t(SETTINGS_TEXTS.areas)}>
          {types.map((settingsType) => (
            <Tabs.Tab
              key={settingsType}
              value={settingsType}
              leftSection={SETTINGS_TABS[settingsType].icon}
              data-tour={`${settingsType}-settings-tab`}
              onPointerEnter={SETTINGS_TABS[settingsType].preload}
              onFocus={SETTINGS_TABS[settingsType].preload}
            >
              {t(SETTINGS_AREA_TEXTS[settingsType].label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {types.map((settingsType) => (
          <Tabs.Panel key={settingsType} value={settingsType}>
            <SettingsPanel settingsType={settingsType} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

/** An area's heading, then its panel; until the panel's code is there, a loading line in its place. */
function SettingsPanel({ settingsType }: { settingsType: SettingsType }) {
  const { Panel } = SETTINGS_TABS[settingsType];
  const texts = SETTINGS_AREA_TEXTS[settingsType];
  return (
    <Stack gap="lg" pt="lg">
      <Title order={2}>{t(texts.title)}</Title>
      <LoadingSuspense label={t(texts.loading)} minHeight={PANEL_LOADING_HEIGHT}>
        <Panel />
      </LoadingSuspense>
    </Stack>
  );
}
