import { ActionIcon, Badge, Box } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLiveNotifications, useNotifications } from "./notifications.queries.ts";

/** The Notifications modal (dialog, list, item texts) loads on the first click on the bell. */
const NotificationsModal = lazy(async () => ({
  default: (await import("./notifications-modal.tsx")).NotificationsModal,
}));

/** The bell's accessible name: 'Notifications', or 'Notifications, 3 unread'. */
export function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications";
}

/**
 * The header bell: the unread badge, and the Notifications modal on click. New notifications
 * arrive live (the stream), else with the 60 s poll. While the modal is
 * open every unread item in it (also those a poll or 'Load more' brings) is marked read, and
 * stays labelled 'Unread' until the modal closes, so the user sees what was new.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const view = useNotifications(userId);
  useLiveNotifications(userId);
  const { notifications, unreadCount, markRead } = view;
  const [opened, setOpened] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!opened) return;
    const unreadIds = notifications.filter((item) => !item.read).map((item) => item.id);
    if (unreadIds.length === 0) return;
    setNewIds((previous) => new Set([...previous, ...unreadIds]));
    markRead(unreadIds);
  }, [opened, notifications, markRead]);

  const open = () => {
    setNewIds(new Set());
    setHasOpened(true);
    setOpened(true);
  };

  return (
    <>
      <Box pos="relative">
        <ActionIcon
          variant="subtle"
          color="dark"
          size="lg"
          aria-label={bellLabel(unreadCount)}
          aria-haspopup="dialog"
          data-tour="notifications-bell"
          onClick={open}
        >
          <IconBell size={22} stroke={1.8} aria-hidden />
        </ActionIcon>
        {unreadCount > 0 && (
          <Badge
            data-testid="notifications-badge"
            aria-hidden
            color="red.9"
            size="sm"
            circle={unreadCount < 10}
            pos="absolute"
            top={-6}
            right={-8}
            style={{ pointerEvents: "none" }}
          >
            {unreadCount > 99 ? "99+" : unreadCount}
          </Badge>
        )}
      </Box>
      {hasOpened && (
        <Suspense fallback={null}>
          <NotificationsModal
            opened={opened}
            onClose={() => setOpened(false)}
            userId={userId}
            view={view}
            newIds={newIds}
          />
        </Suspense>
      )}
    </>
  );
}
