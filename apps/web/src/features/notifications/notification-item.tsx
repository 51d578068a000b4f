import {
  can,
  describeNotification,
  isActionableAdminRequest,
  type Notification,
  notificationLink,
} from "@ideaport/shared";
import { Alert, Anchor, Badge, Box, Button, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useAuth } from "../../lib/auth-provider.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { type AdminDecision, useAdminDecisions, useRespondToAdminRequest } from "./notifications.queries.ts";
import { NOTIFICATIONS_TEXTS, REQUEST_TEXTS } from "./notifications.texts.ts";

/** The team a request to manage a team is about (its name, or "the team"); null for an admin request. */
function managedTeamOf(notification: Notification): string | null {
  if (notification.request_kind !== "manager") return null;
  return notification.request_team_name?.trim() || t(REQUEST_TEXTS.theTeam);
}

function outcomeText(decision: AdminDecision, requester: string, managedTeam: string | null): string {
  if (decision === "approved") {
    return managedTeam
      ? t(REQUEST_TEXTS.approvedManager, { requester, team: managedTeam })
      : t(REQUEST_TEXTS.approvedAdmin, { requester });
  }
  if (decision === "denied") {
    return managedTeam
      ? t(REQUEST_TEXTS.deniedManager, { requester, team: managedTeam })
      : t(REQUEST_TEXTS.deniedAdmin, { requester });
  }
  return t(REQUEST_TEXTS.alreadyAnswered);
}

/** Whether the signed-in user may answer this request: admins any; a team's managers a request to manage it. */
function canDecideRequest(user: Parameters<typeof can>[0], notification: Notification): boolean {
  if (notification.request_kind === "manager") {
    return can(user, "manager_request.decide", { teamId: notification.request_team_id ?? undefined });
  }
  return can(user, "admin_request.decide");
}

/** "Approved" or "Denied" once an admin request is decided (by anyone, at any time); nothing before. */
function RequestStatusLabel({ status }: { status: Notification["request_status"] }) {
  if (status !== "approved" && status !== "denied") return null;
  return (
    <Text size="sm" fw={600} c={status === "denied" ? "gray.8" : "green.9"}>
      {t(status === "approved" ? REQUEST_TEXTS.approved : REQUEST_TEXTS.denied)}
    </Text>
  );
}

/**
 * Approve and Deny on a pending admin request or request to manage a team, with
 * the outcome shown in place; a request decided earlier (the server's `request_status`) shows
 * only how it ended.
 */
function AdminRequestActions({ notification, userId }: { notification: Notification; userId: string }) {
  const requestId = notification.related_request_id ?? "";
  const requester = notification.actor_name?.trim() || t(REQUEST_TEXTS.thisUser);
  const managedTeam = managedTeamOf(notification);
  const decision = useAdminDecisions(userId)[requestId];
  const respond = useRespondToAdminRequest(userId);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const decidedHere = respond.isSuccess || (respond.isError && decision !== undefined);

  useEffect(() => {
    // The buttons just disappeared: keep keyboard focus in the item, on what happened.
    if (decision && decidedHere) outcomeRef.current?.focus();
  }, [decision, decidedHere]);

  const answer = (approved: boolean) => respond.mutate({ requestId, approved });
  const pendingChoice = respond.isPending ? respond.variables?.approved : undefined;

  // Decided before this session (or elsewhere): no buttons, only the outcome.
  if (!decision && notification.request_status !== "pending") {
    return <RequestStatusLabel status={notification.request_status} />;
  }

  return (
    <Stack gap={6}>
      <div role="status">
        {decision && (
          <Text ref={outcomeRef} tabIndex={-1} size="sm" fw={600} c={decision === "denied" ? "gray.8" : "green.9"}>
            {outcomeText(decision, requester, managedTeam)}
          </Text>
        )}
      </div>
      {!decision && (
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            aria-label={t(managedTeam ? REQUEST_TEXTS.approveManagerRequest : REQUEST_TEXTS.approveAdminRequest, {
              requester,
            })}
            loading={pendingChoice === true}
            disabled={respond.isPending}
            onClick={() => answer(true)}
          >
            {t(REQUEST_TEXTS.approve)}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            aria-label={t(managedTeam ? REQUEST_TEXTS.denyManagerRequest : REQUEST_TEXTS.denyAdminRequest, {
              requester,
            })}
            loading={pendingChoice === false}
            disabled={respond.isPending}
            onClick={() => answer(false)}
          >
            {t(REQUEST_TEXTS.deny)}
          </Button>
        </Group>
      )}
      {respond.isError && !decision && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {respond.error.message}
        </Alert>
      )}
    </Stack>
  );
}

interface NotificationItemProps {
  notification: Notification;
  /** Shown as unread: unread now, or unread when the bell was opened. */
  isNew: boolean;
  userId: string;
  /** Called when the reader follows the notification's link (the bell closes). */
  onNavigate: () => void;
}

/**
 * One notification: the one sentence the shared renderer writes for this reader, as a link to
 * what it is about where there is one, read or unread, when, and the admin-request actions.
 */
export function NotificationItem({ notification, isNew, userId, onNavigate }: NotificationItemProps) {
  const { user } = useAuth();
  const description = describeNotification(notification, { id: userId }, t);
  const link = user ? notificationLink(notification, { ...user, id: userId }) : null;
  const isAdminRequest = isActionableAdminRequest(notification.type) && notification.related_request_id !== null;
  const canDecide = isAdminRequest && canDecideRequest(user, notification);

  return (
    <Box
      component="li"
      p="sm"
      bg={isNew ? "brand.0" : undefined}
      style={{
        borderRadius: "var(--mantine-radius-md)",
        border: "1px solid var(--mantine-color-gray-3)",
        borderLeft: isNew ? "4px solid var(--mantine-color-brand-6)" : "1px solid var(--mantine-color-gray-3)",
      }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {link ? (
            <Anchor
              component={Link}
              to={link}
              onClick={onNavigate}
              fw={isNew ? 700 : 400}
              c="inherit"
              underline="always"
            >
              {description}
            </Anchor>
          ) : (
            <Text fw={isNew ? 700 : 400}>{description}</Text>
          )}
          <Badge variant={isNew ? "filled" : "default"} size="sm" style={{ flexShrink: 0 }}>
            {t(isNew ? NOTIFICATIONS_TEXTS.unread : NOTIFICATIONS_TEXTS.read)}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
        </Text>
        {canDecide && <AdminRequestActions notification={notification} userId={userId} />}
        {isAdminRequest && !canDecide && <RequestStatusLabel status={notification.request_status} />}
      </Stack>
    </Box>
  );
}
