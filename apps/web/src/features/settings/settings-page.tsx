import { type SettingsType, settingsPath, settingsTypesFor } from "@ideaport/shared";
import { Container, Tabs, Text, Title } from "@mantine/core";
import { IconBuilding, IconUser, IconUsersGroup } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { useAuth } from "../../app/auth-provider.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { CompanySettings } from "./company-settings.tsx";
import { ProfileSettings } from "./profile-settings.tsx";
import { TeamSettings } from "./team-settings.tsx";

const SETTINGS_TABS: Record<SettingsType, { label: string; icon: ReactNode; panel: () => ReactNode }> = {
  profile: { label: "Profile", icon: <IconUser size={16} aria-hidden />, panel: () => <ProfileSettings /> },
  team: { label: "Team", icon: <IconUsersGroup size={16} aria-hidden />, panel: () => <TeamSettings /> },
  company: { label: "Company", icon: <IconBuilding size={16} aria-hidden />, panel: () => <CompanySettings /> },
};

/**
 * /app/settings and /app/settings/{type}: one tab per settings area the user may open (profile for
 * everyone, team for managers and admins, company for admins); /app/settings shows the profile.
 * The route guard already sends anyone else's type back to the profile.
 */
export function SettingsPage() {
  usePageTitle("Settings");
  const { user } = useAuth();
  const navigate = useNavigate();
  const { type } = useParams();
  if (!user) return null;
  const types = settingsTypesFor(user);
  const current: SettingsType = types.find((candidate) => candidate === type) ?? "profile";

  return (
    <Container size="lg" pt="xl" pb="xl">
      <Title order={1}>Settings</Title>
      <Text c="gray.7" mb="md">
        Manage your profile{types.includes("team") ? ", your team" : ""}
        {types.includes("company") ? " and your company" : ""}.
      </Text>
      <Tabs
        value={current}
        onChange={(value) => value && navigate(settingsPath(value as SettingsType))}
        keepMounted={false}
      >
        <Tabs.List aria-label="Settings areas">
          {types.map((settingsType) => (
            <Tabs.Tab
              key={settingsType}
              value={settingsType}
              leftSection={SETTINGS_TABS[settingsType].icon}
              data-tour={`${settingsType}-settings-tab`}
            >
              {SETTINGS_TABS[settingsType].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {types.map((settingsType) => (
          <Tabs.Panel key={settingsType} value={settingsType}>
            {SETTINGS_TABS[settingsType].panel()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
