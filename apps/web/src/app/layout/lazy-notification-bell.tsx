import { ActionIcon, Box } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { NOTIFICATIONS_TEXTS } from "../../features/notifications/notifications.texts.ts";
import { t } from "../../lib/i18n.ts";

/**
 * The bell (features/notifications), with its notification list, polling and texts, loads beside
 * the page instead of before it: the header renders at once and the bell's code arrives with the
 * page's.
 */
const NotificationBell = lazy(async () => ({
  default: (await import("../../features/notifications/notification-bell.tsx")).NotificationBell,
}));

/** The bell as it looks before its code arrives: same size, name and popup, no unread badge yet. */
function BellPlaceholder({ isBusy, onPress }: { isBusy: boolean; onPress: () => void }) {
  return (
    <Box pos="relative">
      <ActionIcon
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={t(NOTIFICATIONS_TEXTS.title)}
        aria-haspopup="dialog"
        aria-busy={isBusy || undefined}
        data-tour="notifications-bell"
        onClick={onPress}
      >
        <IconBell size={22} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Box>
  );
}

/**
 * Presses the loaded bell once for a press its look-alike took: one made while the code was on its
 * way, or one that landed on the look-alike in the moment the bell replaced it.
 */
function PressWhenLoaded({
  within,
  isPressed,
  onPressed,
}: {
  within: RefObject<HTMLDivElement | null>;
  isPressed: boolean;
  onPressed: () => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each press of the look-alike counts once.
  useEffect(() => {
    if (!isPressed) return;
    const bell = within.current?.querySelector("button");
    bell?.focus({ preventScroll: true });
    bell?.click();
    onPressed();
  }, [isPressed]);
  return null;
}

/**
 * The header's notification bell, loaded lazily. Until its code arrives a look-alike stands in
 * its place (so nothing moves), and a press on it opens the notifications once the bell is there.
 */
export function LazyNotificationBell({ userId }: { userId: string }) {
  const [isPressed, setPressed] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  return (
    <div ref={wrapper} style={{ display: "contents" }}>
      <Suspense fallback={<BellPlaceholder isBusy={isPressed} onPress={() => setPressed(true)} />}>
        <NotificationBell userId={userId} />
        <PressWhenLoaded within={wrapper} isPressed={isPressed} onPressed={() => setPressed(false)} />
      </Suspense>
    </div>
  );
}
