import { type Action, type ActionStatus, can } from "@ideaport/shared";
import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { IconCalendarDue, IconEdit, IconSpeakerphone, IconUser } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { ListCard } from "../../components/list-card.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { formatCalendarDay, localDayOf } from "../../lib/format.ts";
import { t, tRich } from "../../lib/i18n.ts";
import { announcementOf, NewsFormDialog, type NewsFormTarget } from "../company-portal/index.ts";
import { BOARD_ORDER } from "./action-status.ts";
import { useActions } from "./actions.queries.ts";
import { ideaQueryOptions } from "./ideas.queries.ts";
import { ACTION_BOARD_MESSAGES, ACTION_STATUS_LABELS, IDEAS_TEXTS, NO_ACTIONS_IN_STATUS } from "./ideas.texts.ts";

/** The Edit action dialog (edit-action-dialog.tsx), loaded when it first opens. */
const EditActionDialog = lazyDialog(() => import("./edit-action-dialog.tsx").then((module) => module.EditActionModal), {
  isOpen: (props) => props.action !== null,
  closed: (props) => ({ ...props, action: null }),
});

const ACTION_STATUS_COLORS: Readonly<Record<ActionStatus, string>> = {
  todo: "gray",
  in_progress: "brand",
  blocked: "red",
  done: "green",
};

/**
 * The status badges' text: the tint carries the status colour and the text stays near-black, well
 * over WCAG AA's 4.5:1 on every tint (a colour's shade 9 on its own tint is only just over it).
 */
const STATUS_BADGE_TEXT = "dark.7";

export type ActionStatusFilter = ActionStatus | "all";

/** True when an unfinished action is past its due day. */
export function isOverdue(action: Pick<Action, "due_date" | "status">, now: Date = new Date()): boolean {
  return action.due_date !== null && action.status !== "done" && action.due_date < localDayOf(now);
}

function DueDate({ action }: { action: Action }) {
  if (!action.due_date) return <Text size="sm">{t(IDEAS_TEXTS.noDueDate)}</Text>;
  const overdue = isOverdue(action);
  return (
    <Text size="sm" c={overdue ? "red.9" : undefined} fw={overdue ? 600 : undefined}>
      {tRich(overdue ? ACTION_BOARD_MESSAGES.dueOverdue : ACTION_BOARD_MESSAGES.due, {
        date: <time dateTime={action.due_date}>{formatCalendarDay(action.due_date)}</time>,
      })}
    </Text>
  );
}

function ActionCard({
  action,
  showStatus,
  onEdit,
  onOpenIdea,
  onAnnounce,
  isAnnouncing = false,
}: {
  action: Action;
  showStatus: boolean;
  onEdit: (action: Action) => void;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
  /** Opens Add news pre-filled from a done action's idea (administrators). */
  onAnnounce?: ((action: Action) => void) | undefined;
  isAnnouncing?: boolean;
}) {
  const titleId = useId();
  const canAnnounce = onAnnounce !== undefined && action.status === "done";
  return (
    <ListCard titleId={titleId} padding="sm" gap={6}>
      {showStatus && (
        <Badge
          variant="light"
          tt="none"
          color={ACTION_STATUS_COLORS[action.status]}
          c={STATUS_BADGE_TEXT}
          w="fit-content"
        >
          {t(ACTION_STATUS_LABELS[action.status])}
        </Badge>
      )}
      <Text fw={600} id={titleId} style={{ overflowWrap: "anywhere" }}>
        {action.idea.title}
      </Text>
      <Group gap={6} wrap="nowrap">
        <IconUser size={16} aria-hidden />
        <Text size="sm">
          {action.owner ? t(ACTION_BOARD_MESSAGES.owner, { name: action.owner.display_name }) : t(IDEAS_TEXTS.noOwner)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconCalendarDue size={16} aria-hidden />
        <DueDate action={action} />
      </Group>
      {(action.can_edit || onOpenIdea || canAnnounce) && (
        <Group gap="xs" mt={4}>
          {action.can_edit && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} aria-hidden />}
              onClick={() => onEdit(action)}
              aria-label={t(ACTION_BOARD_MESSAGES.editLabel, { title: action.idea.title })}
            >
              {t(IDEAS_TEXTS.edit)}
            </Button>
          )}
          {onOpenIdea && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => onOpenIdea(action.idea.id)}
              aria-label={t(ACTION_BOARD_MESSAGES.openIdeaLabel, { title: action.idea.title })}
            >
              {t(ACTION_BOARD_MESSAGES.openIdea)}
            </Button>
          )}
          {canAnnounce && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSpeakerphone size={14} aria-hidden />}
              loading={isAnnouncing}
              onClick={() => onAnnounce(action)}
              aria-label={t(ACTION_BOARD_MESSAGES.announceLabel, { title: action.idea.title })}
            >
              {t(ACTION_BOARD_MESSAGES.announce)}
            </Button>
          )}
        </Group>
      )}
    </ListCard>
  );
}

export interface ActionBoardProps {
  /** Opens the idea behind an action (the page's idea detail). */
  onOpenIdea?: (ideaId: string) => void;
}

/**
 * The ideas-to-action board: approved ideas as actions with owner, due date and status, in a
 * column per status (or one status, filtered); owners, the team's managers and admins edit them.
 */
export function ActionBoard({ onOpenIdea }: ActionBoardProps) {
  const headingId = useId();
  const [statusFilter, setStatusFilter] = useState<ActionStatusFilter>("all");
  const [isMineOnly, setMineOnly] = useState(false);
  const actions = useActions({ status: statusFilter === "all" ? undefined : statusFilter, mine: isMineOnly });
  const [editing, setEditing] = useState<Action | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [announcing, setAnnouncing] = useState<NewsFormTarget | null>(null);
  const [preparingId, setPreparingId] = useState<string | null>(null);
  /**
   * Administrators announce a done action as news: the idea (its author and description) is
   * loaded for the pre-fill; if it cannot be, what the action itself knows is used.
   */
  const announce =
    user && can(user, "news.publish")
      ? async (action: Action) => {
          setSuccess(null);
          setPreparingId(action.id);
          const idea = await queryClient.fetchQuery(ideaQueryOptions(action.idea.id)).catch(() => null);
          setPreparingId(null);
          setAnnouncing({
            mode: "add",
            initial: announcementOf({
              title: action.idea.title,
              authorName: idea?.author.display_name,
              teamName: idea?.team_name,
              description: idea?.description,
              ownerName: action.owner?.display_name,
            }),
          });
        }
      : undefined;

  const list = actions.data?.pages.flatMap((page) => page.actions) ?? [];
  const columns = statusFilter === "all" ? BOARD_ORDER : [statusFilter];
  const startEditing = (action: Action) => {
    setSuccess(null);
    setEditing(action);
  };

  const emptyText =
    statusFilter === "all"
      ? isMineOnly
        ? t(ACTION_BOARD_MESSAGES.noneMine)
        : t(ACTION_BOARD_MESSAGES.none)
      : t(NO_ACTIONS_IN_STATUS[statusFilter]);

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <div data-tour="ideas-to-action">
          <Title order={2} size="h3" id={headingId}>
            {t(ACTION_BOARD_MESSAGES.title)}
          </Title>
          <Text size="sm" c="gray.7">
            {t(ACTION_BOARD_MESSAGES.intro)}
          </Text>
        </div>
        <Group gap="lg" align="center" wrap="wrap">
          {/* Scrolls sideways on narrow screens rather than cutting off the last statuses. The tour
              marker is on this box: inside it, Joyride would take the box for the page's scroller. */}
          <Box maw="100%" style={{ overflowX: "auto" }} data-tour="action-filter">
            <SegmentedControl
              aria-label={t(ACTION_BOARD_MESSAGES.statusFilter)}
              value={statusFilter}
              onChange={(value) => setStatusFilter(value as ActionStatusFilter)}
              data={[
                { value: "all", label: t(IDEAS_TEXTS.all) },
                ...BOARD_ORDER.map((status) => ({ value: status, label: t(ACTION_STATUS_LABELS[status]) })),
              ]}
            />
          </Box>
          <Switch
            label={t(ACTION_BOARD_MESSAGES.mineOnly)}
            checked={isMineOnly}
            onChange={(event) => setMineOnly(event.currentTarget.checked)}
          />
        </Group>
        <ActionFeedback success={success} />
        <QueryStates
          query={actions}
          loading={t(ACTION_BOARD_MESSAGES.loading)}
          failure={t(ACTION_BOARD_MESSAGES.loadFailed)}
          isEmpty={() => list.length === 0}
          empty={emptyText}
        >
          {() => (
            <SimpleGrid cols={columns.length === 1 ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2, lg: 4 }}>
              {columns.length === 1
                ? list.map((action) => (
                    <ActionCard
                      key={action.id}
                      action={action}
                      showStatus
                      onEdit={startEditing}
                      onOpenIdea={onOpenIdea}
                      onAnnounce={announce}
                      isAnnouncing={preparingId === action.id}
                    />
                  ))
                : columns.map((status) => {
                    const inColumn = list.filter((action) => action.status === status);
                    return (
                      <Stack key={status} gap="sm" component="section" aria-label={t(ACTION_STATUS_LABELS[status])}>
                        <Group gap="xs">
                          <Badge variant="light" tt="none" color={ACTION_STATUS_COLORS[status]} c={STATUS_BADGE_TEXT}>
                            {t(ACTION_STATUS_LABELS[status])}
                          </Badge>
                          <Text size="sm" c="gray.7">
                            {inColumn.length}
                          </Text>
                        </Group>
                        {inColumn.length === 0 ? (
                          <Text size="sm" c="gray.7">
                            {t(ACTION_BOARD_MESSAGES.nothingHere)}
                          </Text>
                        ) : (
                          inColumn.map((action) => (
                            <ActionCard
                              key={action.id}
                              action={action}
                              showStatus={false}
                              onEdit={startEditing}
                              onOpenIdea={onOpenIdea}
                              onAnnounce={announce}
                              isAnnouncing={preparingId === action.id}
                            />
                          ))
                        )}
                      </Stack>
                    );
                  })}
            </SimpleGrid>
          )}
        </QueryStates>
        <ShowMoreButton list={actions} label={t(ACTION_BOARD_MESSAGES.showMore)} />
      </Stack>
      <EditActionDialog
        action={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setSuccess(t(ACTION_BOARD_MESSAGES.saved, { title: saved.idea.title }));
          setEditing(null);
        }}
      />
      {announce && (
        <NewsFormDialog
          target={announcing}
          onClose={() => setAnnouncing(null)}
          onSaved={(message) => {
            setSuccess(message);
            setAnnouncing(null);
          }}
        />
      )}
    </Paper>
  );
}
