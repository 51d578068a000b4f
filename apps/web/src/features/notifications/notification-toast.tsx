import { describeNotification, type Notification, notificationLink } from "@ideaport/shared";
import { Anchor, CloseButton, Group, Paper, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { NOTIFICATIONS_TEXTS } from "./notifications.texts.ts";

/** How long a toast stays while the keyboard is elsewhere. */
export const NOTIFICATION_TOAST_MS = 8000;

/**
 * The short notice of a notification that just arrived: the bell's sentence for this reader, as a
 * link to what it is about where there is one, and a way to dismiss it. It goes by itself after
 * NOTIFICATION_TOAST_MS, waiting while it holds the keyboard focus (a pointer resting on it does not
 * hold it, so nothing under it stays covered); the bell keeps the notification.
 */
export function NotificationToast({
  notification,
  userId,
  onDismiss,
}: {
  notification: Notification;
  userId: string;
  onDismiss: () => void;
}) {
  const { user } = useAuth();
  const sentence = describeNotification(notification, { id: userId }, t);
  const link = user ? notificationLink(notification, { ...user, id: userId }) : null;
  const [isFocused, setFocused] = useState(false);

  useEffect(() => {
    if (isFocused) return;
    const timer = setTimeout(onDismiss, NOTIFICATION_TOAST_MS);
    return () => clearTimeout(timer);
  }, [isFocused, onDismiss]);

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{ pointerEvents: "auto" }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBell size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" fw={700} c="gray.8">
            {t(NOTIFICATIONS_TEXTS.newNotification)}
          </Text>
          {link ? (
            <Anchor component={Link} to={link} onClick={onDismiss} size="sm" c="inherit" underline="always">
              {sentence}
            </Anchor>
          ) : (
            <Text size="sm">{sentence}</Text>
          )}
        </Stack>
        <CloseButton size="sm" aria-label={t(NOTIFICATIONS_TEXTS.dismissToast)} onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
