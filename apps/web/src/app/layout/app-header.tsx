import { companyPortalPathFor, landingPathFor } from "@ideaport/shared";
import { Anchor, Box, Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { SHELL_TEXTS } from "../app.texts.ts";
import { HeaderClock } from "./header-clock.tsx";
import { LazyNotificationBell } from "./lazy-notification-bell.tsx";
import { UserMenu } from "./user-menu.tsx";

/** The points balance (its query and the points contract) loads beside the page, like the bell. */
const HeaderPoints = lazy(async () => ({ default: (await import("./header-points.tsx")).HeaderPoints }));

/** The app header: logo, portal links by role, a clock ticking every second, points balance, bell and user menu. */
export function AppHeader({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const { pathname } = useLocation();
  const portals = [
    { key: "ideas", label: t(SHELL_TEXTS.ideasPortal), to: landingPathFor(user) },
    { key: "company", label: t(SHELL_TEXTS.companyPortal), to: companyPortalPathFor(user) },
  ];
  return (
    <Box className="ip-header">
      <Anchor
        className="ip-header__logo"
        component={Link}
        to={landingPathFor(user)}
        fw={800}
        fz="xl"
        underline="never"
        c="brand.7"
      >
        Ideaport
      </Anchor>
      <Group className="ip-header__nav" component="nav" aria-label={t(SHELL_TEXTS.portals)} gap={4} wrap="nowrap">
        {portals.map((portal) => {
          const isCurrent = pathname === portal.to;
          return (
            <Button
              key={portal.key}
              component={Link}
              to={portal.to}
              variant={isCurrent ? "light" : "subtle"}
              color={isCurrent ? "brand" : "dark"}
              size="sm"
              aria-current={isCurrent ? "page" : undefined}
            >
              {portal.label}
            </Button>
          );
        })}
      </Group>
      <Group className="ip-header__tools" gap="md" wrap="nowrap">
        <HeaderClock />
        {/* Holds the balance's width (header-points.tsx), so the tools beside it do not move. */}
        <Suspense fallback={<Box visibleFrom="md" miw="6.5rem" />}>
          <HeaderPoints user={user} />
        </Suspense>
        <LazyNotificationBell userId={user.id} />
        <UserMenu user={user} onSignOut={onSignOut} />
      </Group>
    </Box>
  );
}
