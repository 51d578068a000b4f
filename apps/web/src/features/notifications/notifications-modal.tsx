import { ERROR_MESSAGES, SCREEN_TEXTS } from "@ideaport/shared";
import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { COMPONENT_TEXTS } from "../../components/components.texts.ts";
import { t } from "../../lib/i18n.ts";
import { NotificationItem } from "./notification-item.tsx";
import type { NotificationsView } from "./notifications.queries.ts";
import { NOTIFICATIONS_TEXTS } from "./notifications.texts.ts";

interface NotificationsModalProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  view: NotificationsView;
  /** Ids that were unread while this opening lasted, still shown as unread until it closes. */
  newIds: ReadonlySet<string>;
}

/**
 * The Notifications modal: loading, error and 'No notifications' states, items
 * marked read or unread with their date and time, Approve and Deny on admin requests, and
 * 'Load more' while older pages exist.
 */
export function NotificationsModal({ opened, onClose, userId, view, newIds }: NotificationsModalProps) {
  const { notifications, isPending, isError } = view;
  // Following a notification's link moves focus to where it leads, not back to the bell.
  const [isLeaving, setLeaving] = useState(false);
  useEffect(() => {
    if (opened) setLeaving(false);
  }, [opened]);
  const leave = () => {
    setLeaving(true);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t(NOTIFICATIONS_TEXTS.title)} size="lg" returnFocus={!isLeaving}>
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t(SCREEN_TEXTS.loadingNotifications)}</Text>
        </Group>
      ) : isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(ERROR_MESSAGES.notificationsLoadFailed)}</Text>
            <Button size="xs" variant="default" onClick={view.refetch}>
              {t(COMPONENT_TEXTS.tryAgain)}
            </Button>
          </Stack>
        </Alert>
      ) : notifications.length === 0 ? (
        <Text c="gray.7">{t(SCREEN_TEXTS.noNotifications)}</Text>
      ) : (
        <Stack gap="sm">
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-label={t(NOTIFICATIONS_TEXTS.list)}
          >
            {notifications.map((item) => (
              <NotificationItem
                key={item.id}
                notification={item}
                isNew={newIds.has(item.id) || !item.read}
                userId={userId}
                onNavigate={leave}
              />
            ))}
          </Stack>
          {view.isLoadMoreError && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {t(NOTIFICATIONS_TEXTS.loadMoreFailed)}
            </Alert>
          )}
          {view.hasMore && (
            <Button
              variant="default"
              onClick={view.loadMore}
              loading={view.isLoadingMore}
              style={{ alignSelf: "center" }}
            >
              {t(NOTIFICATIONS_TEXTS.loadMore)}
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
