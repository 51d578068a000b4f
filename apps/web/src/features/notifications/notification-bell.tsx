import type { Notification } from "@ideaport/shared";
import { ActionIcon, Badge, Box } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { t } from "../../lib/i18n.ts";
import { useLiveNotifications, useNotifications } from "./notifications.queries.ts";
import { NOTIFICATIONS_TEXTS } from "./notifications.texts.ts";

/** The Notifications modal (dialog, list, item texts) loads on the first click on the bell. */
const NotificationsModal = lazy(async () => ({
  default: (await import("./notifications-modal.tsx")).NotificationsModal,
}));

/** The toast of a notification that arrives live, loaded with the first one. */
const NotificationToast = lazy(async () => ({
  default: (await import("./notification-toast.tsx")).NotificationToast,
}));

/** The bell's accessible name: 'Notifications', or 'Notifications, 3 unread'. */
export function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? t(NOTIFICATIONS_TEXTS.unreadLabel, { count: unreadCount }) : t(NOTIFICATIONS_TEXTS.title);
}

/**
 * The header bell: the badge with the server's unread count, and the Notifications modal on click.
 * New notifications arrive live (the stream), each told in a short toast unless the modal is open,
 * else with the 60 s poll. While the modal is open every unread item in it (also those a poll or
 * 'Load more' brings) is marked read, and stays labelled 'Unread' until the modal closes, so the
 * user sees what was new.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const view = useNotifications(userId);
  const [toast, setToast] = useState<Notification | null>(null);
  const isOpenRef = useRef(false);
  useLiveNotifications(
    userId,
    useCallback((item: Notification) => {
      if (!isOpenRef.current) setToast(item);
    }, []),
  );
  const dismissToast = useCallback(() => setToast(null), []);
  const { notifications, unreadCount, markRead } = view;
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    isOpenRef.current = opened;
  }, [opened]);
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
    setToast(null);
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
      {/* Always in the page, so that screen readers announce each toast put into it. */}
      <div
        role="status"
        aria-label={t(NOTIFICATIONS_TEXTS.newNotification)}
        style={{
          position: "fixed",
          right: 16,
          bottom: 16,
          width: "max-content",
          maxWidth: "min(420px, calc(100vw - 32px))",
          zIndex: 1000,
          pointerEvents: "none",
        }}
      >
        {toast && (
          <Suspense fallback={null}>
            <NotificationToast key={toast.id} notification={toast} userId={userId} onDismiss={dismissToast} />
          </Suspense>
        )}
      </div>
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
