import { roleLabel, settingsPath, settingsTypesFor } from "@ideaport/shared";
import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconBuilding, IconChevronDown, IconLogout, IconUser, IconUsersGroup } from "@tabler/icons-react";
import { Link } from "react-router";
import type { SessionUser } from "../../lib/session.ts";

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

/**
 * The user menu of spec section 2: display name, e-mail and role label, then Profile Settings,
 * Team Settings (managers), Company Settings (admins) and Logout. It is also the settings
 * navigation the tours point at.
 */
export function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const settingsTypes = settingsTypesFor(user);
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          data-tour="settings-nav"
          p={4}
          style={{ borderRadius: "var(--mantine-radius-md)" }}
          aria-label={user.display_name}
        >
          <Group gap="xs" wrap="nowrap">
            {/* The initials are a picture of the name, drawn by CSS: the button's visible words stay
                its accessible name, as speech control needs. */}
            <Avatar color="brand" radius="xl" size={32} aria-hidden>
              <span className="ip-user-menu__initials" data-initials={initialsOf(user.display_name)} />
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" aria-hidden>
              {user.display_name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {user.display_name}
          </Text>
          <Text size="xs" c="gray.7">
            {user.email}
          </Text>
          <Text size="xs" c="brand.8" fw={600} mt={2}>
            {roleLabel(user)}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={settingsPath("profile")} leftSection={<IconUser size={16} aria-hidden />}>
          Profile Settings
        </Menu.Item>
        {settingsTypes.includes("team") && (
          <Menu.Item component={Link} to={settingsPath("team")} leftSection={<IconUsersGroup size={16} aria-hidden />}>
            Team Settings
          </Menu.Item>
        )}
        {settingsTypes.includes("company") && (
          <Menu.Item component={Link} to={settingsPath("company")} leftSection={<IconBuilding size={16} aria-hidden />}>
            Company Settings
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
