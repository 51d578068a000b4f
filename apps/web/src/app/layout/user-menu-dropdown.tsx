import {
  pointsText,
  roleLabel,
  settingsPath,
  settingsTypesFor,
  TOUR_REPLAY_LABELS,
  toursForUser,
} from "@ideaport/shared";
import { Menu, Text } from "@mantine/core";
import { IconBuilding, IconLogout, IconRoute, IconUser, IconUsersGroup } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useMyPointsBalance } from "../../features/company-portal/points/points.queries.ts";
import { TOUR_HOME } from "../../features/tours/tour-pages.ts";
import { requestTourReplay } from "../../features/tours/tour-requests.ts";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { SHELL_TEXTS } from "../app.texts.ts";
import { UserMenuButton } from "./user-menu-button.tsx";

export interface UserMenuDropdownProps {
  user: SessionUser;
  onSignOut: () => void;
}

/**
 * The user menu itself: display name, e-mail, role label and points balance, then Profile Settings, Team
 * Settings (managers), Company Settings (admins), "Replay the tour" for each tour the role allows, and Logout. `UserMenu` loads it when its button
 * is first pressed and mounts it in the button's place, so it opens as soon as it mounts.
 */
export function UserMenuDropdown({ user, onSignOut }: UserMenuDropdownProps) {
  const settingsTypes = settingsTypesFor(user);
  const balance = useMyPointsBalance(user.company_id !== null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpened, setOpened] = useState(false);
  useEffect(() => {
    // As if the press had reached this button: it takes the focus, then the menu opens, so the
    // menu's focus handling (first item, focus back to the button on close) is the usual one.
    buttonRef.current?.focus({ preventScroll: true });
    setOpened(true);
  }, []);
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal opened={isOpened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuButton user={user} ref={buttonRef} />
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
            {t(roleLabel(user))}
          </Text>
          {balance.data !== undefined && (
            <Text size="xs" c="gray.7" mt={2}>
              {t(SHELL_TEXTS.yourPoints, { points: pointsText(balance.data, t) })}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={settingsPath("profile")} leftSection={<IconUser size={16} aria-hidden />}>
          {t(SHELL_TEXTS.profileSettings)}
        </Menu.Item>
        {settingsTypes.includes("team") && (
          <Menu.Item component={Link} to={settingsPath("team")} leftSection={<IconUsersGroup size={16} aria-hidden />}>
            {t(SHELL_TEXTS.teamSettings)}
          </Menu.Item>
        )}
        {settingsTypes.includes("company") && (
          <Menu.Item component={Link} to={settingsPath("company")} leftSection={<IconBuilding size={16} aria-hidden />}>
            {t(SHELL_TEXTS.companySettings)}
          </Menu.Item>
        )}
        <Menu.Divider />
        {toursForUser(user).map((tour) => (
          <Menu.Item
            key={tour.id}
            component={Link}
            to={TOUR_HOME[tour.id]}
            onClick={() => requestTourReplay(tour.id)}
            leftSection={<IconRoute size={16} aria-hidden />}
          >
            {t(TOUR_REPLAY_LABELS[tour.id])}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          {t(SHELL_TEXTS.logout)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
