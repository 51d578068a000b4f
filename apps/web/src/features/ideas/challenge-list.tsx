import {
  CHALLENGE_STATUS_LABELS,
  type Challenge,
  type ChallengeScope,
  type ChallengeStatus,
  challengeRewardText,
  type MessageDescriptor,
} from "@ideaport/shared";
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconBulb, IconCalendarEvent, IconEdit, IconLock, IconTrophy } from "@tabler/icons-react";
import { type ReactNode, useId, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import {
  challengeDayOf,
  daysFromToday,
  formatCalendarDay,
  formatFullCalendarDay,
  formatRelativeDays,
} from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useChallenges, useCloseChallenge } from "./challenges.queries.ts";
import { EditChallengeDialog } from "./edit-challenge-dialog.tsx";
import { CHALLENGE_MESSAGES, IDEAS_TEXTS, NO_CHALLENGES_IN_STATUS } from "./ideas.texts.ts";

/**
 * Pixels the list holds while the challenges load: about one card, so a row of cards on a wide
 * screen and the first card on a phone. Holding more moved the sections below up when a single
 * card arrived (layout shift 0.054 on a phone).
 */
const CHALLENGE_LIST_LOADING_HEIGHT = 300;

/** The deadline as a card says it: "Ends in 3 days", "Ends today", "Ended", "Closed" or "No deadline". */
export function describeDeadline(challenge: Pick<Challenge, "status" | "ends_at">, now: Date = new Date()): string {
  if (challenge.status === "closed") return t(CHALLENGE_STATUS_LABELS.closed);
  if (!challenge.ends_at) return t(CHALLENGE_MESSAGES.noDeadline);
  const end = new Date(challenge.ends_at);
  if (Number.isNaN(end.getTime())) return t(CHALLENGE_MESSAGES.noDeadline);
  if (end.getTime() < now.getTime()) return t(CHALLENGE_MESSAGES.ended);
  const days = daysFromToday(challengeDayOf(end) ?? "", now);
  return t(CHALLENGE_MESSAGES.ends, { when: formatRelativeDays(Math.max(days, 0)) });
}

/** "Starts on 12 Mar 2026" while a challenge has not started yet, else null. */
export function describeStart(challenge: Pick<Challenge, "starts_at">, now: Date = new Date()): string | null {
  if (!challenge.starts_at) return null;
  const start = new Date(challenge.starts_at);
  if (Number.isNaN(start.getTime()) || start.getTime() <= now.getTime()) return null;
  return t(CHALLENGE_MESSAGES.startsOn, { date: formatCalendarDay(challengeDayOf(start) ?? "") });
}

const STATUS_BADGES: Partial<Record<ChallengeStatus, { label: MessageDescriptor; color: string }>> = {
  draft: { label: CHALLENGE_STATUS_LABELS.draft, color: "gray.8" },
  proposed: { label: CHALLENGE_STATUS_LABELS.proposed, color: "orange.9" },
  closed: { label: CHALLENGE_STATUS_LABELS.closed, color: "gray.8" },
  rejected: { label: CHALLENGE_STATUS_LABELS.rejected, color: "red.9" },
};

/** Status values the manager's status filter offers; "all" lists every status the caller may see. */
export type ChallengeStatusFilter = "active" | "proposed" | "closed" | "rejected" | "all";

/** The status filter's options, in the reader's language. */
function statusFilterOptions(): { value: ChallengeStatusFilter; label: string }[] {
  return [
    { value: "active", label: t(CHALLENGE_STATUS_LABELS.active) },
    { value: "proposed", label: t(CHALLENGE_STATUS_LABELS.proposed) },
    { value: "closed", label: t(CHALLENGE_STATUS_LABELS.closed) },
    { value: "rejected", label: t(CHALLENGE_STATUS_LABELS.rejected) },
    { value: "all", label: t(IDEAS_TEXTS.all) },
  ];
}

export interface ChallengeListFilter {
  scope: ChallengeScope;
  status: ChallengeStatusFilter;
}

export const DEFAULT_CHALLENGE_FILTER: ChallengeListFilter = { scope: "team", status: "active" };

/** A challenge's scope as a badge, in the colour of its scope (company or team); `children` names it. */
export function ChallengeScopeBadge({ challenge, children }: { challenge: Challenge; children: ReactNode }) {
  const isCompany = challenge.scope === "company";
  return (
    <Badge variant="light" tt="none" color={isCompany ? "grape" : "brand"} c={isCompany ? "grape.9" : "brand.9"}>
      {children}
    </Badge>
  );
}

/** A challenge's deadline (and start), its number of ideas and its reward, each with its icon. */
export function ChallengeFacts({ challenge }: { challenge: Challenge }) {
  const start = describeStart(challenge);
  const endDay = challenge.ends_at ? challengeDayOf(challenge.ends_at) : null;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <IconCalendarEvent size={16} aria-hidden />
        <Text size="sm" fw={500}>
          {endDay ? (
            <time dateTime={challenge.ends_at ?? undefined} title={formatFullCalendarDay(endDay)}>
              {describeDeadline(challenge)}
            </time>
          ) : (
            describeDeadline(challenge)
          )}
          {start && ` · ${start}`}
        </Text>
      </Group>
      <Group gap="md">
        <Group gap={6} wrap="nowrap">
          <IconBulb size={16} aria-hidden />
          <Text size="sm">{t(IDEAS_TEXTS.ideaCount, { count: challenge.idea_count })}</Text>
        </Group>
        {challenge.reward_points !== null && (
          <Group gap={6} wrap="nowrap">
            <IconTrophy size={16} aria-hidden />
            <Text size="sm">{challengeRewardText(challenge.reward_points, t)}</Text>
          </Group>
        )}
      </Group>
    </>
  );
}

function ChallengeCard({
  challenge,
  isTourTarget,
  onAnswer,
  canManage,
  onEdit,
  onClose,
  onOpen,
}: {
  challenge: Challenge;
  isTourTarget: boolean;
  onAnswer?: ((challenge: Challenge) => void) | undefined;
  /** Opens the challenge with the ideas answering it. */
  onOpen?: ((challenge: Challenge) => void) | undefined;
  canManage: boolean;
  onEdit: (challenge: Challenge) => void;
  onClose: (challenge: Challenge) => void;
}) {
  const titleId = useId();
  const statusBadge = STATUS_BADGES[challenge.status];
  const mayManage = canManage && challenge.can_edit;

  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={titleId}
      data-tour={isTourTarget ? "challenge-card" : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group gap="xs">
          <ChallengeScopeBadge challenge={challenge}>
            {challenge.scope === "company"
              ? t(IDEAS_TEXTS.company)
              : t(CHALLENGE_MESSAGES.teamBadge, { team: challenge.team_name ?? t(CHALLENGE_MESSAGES.unknownTeam) })}
          </ChallengeScopeBadge>
          {statusBadge && (
            <Badge variant="outline" tt="none" color={statusBadge.color}>
              {t(statusBadge.label)}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: "anywhere" }}>
          {onOpen ? (
            <Anchor component="button" type="button" inherit fw={700} ta="left" onClick={() => onOpen(challenge)}>
              {challenge.title}
            </Anchor>
          ) : (
            challenge.title
          )}
        </Title>
        {challenge.description !== "" && (
          <Text size="sm" lineClamp={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {challenge.description}
          </Text>
        )}
        <Stack gap={4} mt="auto">
          <ChallengeFacts challenge={challenge} />
          {challenge.created_by_name && (
            <Text size="xs" c="gray.7">
              {t(IDEAS_TEXTS.postedBy, { name: challenge.created_by_name })}
            </Text>
          )}
        </Stack>
        {(onAnswer || mayManage) && (
          <Group gap="xs">
            {onAnswer && challenge.is_open && (
              <Button
                size="xs"
                onClick={() => onAnswer(challenge)}
                aria-label={t(CHALLENGE_MESSAGES.submitIdeaFor, { title: challenge.title })}
              >
                {t(CHALLENGE_MESSAGES.submitIdea)}
              </Button>
            )}
            {mayManage && (
              <>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} aria-hidden />}
                  onClick={() => onEdit(challenge)}
                  aria-label={t(CHALLENGE_MESSAGES.editLabel, { title: challenge.title })}
                >
                  {t(IDEAS_TEXTS.edit)}
                </Button>
                {challenge.status === "active" && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    leftSection={<IconLock size={14} aria-hidden />}
                    onClick={() => onClose(challenge)}
                    aria-label={t(CHALLENGE_MESSAGES.closeLabel, { title: challenge.title })}
                  >
                    {t(CHALLENGE_MESSAGES.close)}
                  </Button>
                )}
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export interface ChallengeListProps {
  /** Shows "Submit an idea" on challenges open for ideas (the employee page). */
  onAnswer?: (challenge: Challenge) => void;
  /** Makes each title open its challenge. */
  onOpen?: (challenge: Challenge) => void;
  /** Shows Edit and Close on the challenges the viewer created (or, for admins, any). */
  canManage?: boolean;
  /** Shows a status filter (active, proposed, closed, denied, all); otherwise only active challenges. */
  showStatusFilter?: boolean;
  /** Controls beside the heading, such as the add-challenge button. */
  actions?: ReactNode;
  /** The next step offered when no active challenge is there, such as posting the first one. */
  emptyAction?: ReactNode;
  /** The filter, when the page keeps it (to show a challenge just created); otherwise the list keeps its own. */
  filter?: ChallengeListFilter;
  onFilterChange?: (filter: ChallengeListFilter) => void;
  /** The scope shown first when the list keeps its own filter. */
  defaultScope?: ChallengeScope;
  title?: string;
}

/** Challenge cards with a team/company scope filter; loading, error and empty states say what happens. */
export function ChallengeList({
  onAnswer,
  onOpen,
  canManage = false,
  showStatusFilter = false,
  actions,
  emptyAction,
  filter: controlledFilter,
  onFilterChange,
  defaultScope = "team",
  title,
}: ChallengeListProps) {
  const headingId = useId();
  const [ownFilter, setOwnFilter] = useState<ChallengeListFilter>({ scope: defaultScope, status: "active" });
  const filter = controlledFilter ?? ownFilter;
  const status = showStatusFilter ? filter.status : "active";
  const setFilter = (next: ChallengeListFilter) => {
    if (!controlledFilter) setOwnFilter(next);
    onFilterChange?.(next);
  };

  const challenges = useChallenges({ scope: filter.scope, status: status === "all" ? undefined : status });
  const closeChallenge = useCloseChallenge();
  const [editing, setEditing] = useState<Challenge | null>(null);
  const [closing, setClosing] = useState<Challenge | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const list = challenges.data?.pages.flatMap((page) => page.challenges) ?? [];
  const statusOptions = statusFilterOptions();

  const confirmClose = () => {
    if (!closing) return;
    const target = closing;
    closeChallenge.mutate(target.id, {
      onSuccess: () => {
        setClosing(null);
        setSuccess(t(CHALLENGE_MESSAGES.closed, { title: target.title }));
      },
    });
  };

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" data-tour="challenges">
          <Title order={2} size="h3" id={headingId}>
            {title ?? t(CHALLENGE_MESSAGES.listTitle)}
          </Title>
          {actions}
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label={t(CHALLENGE_MESSAGES.scopeLabel)}
            data-tour="scope-filter"
            value={filter.scope}
            onChange={(value) => setFilter({ ...filter, scope: value as ChallengeScope })}
            data={[
              { value: "team", label: t(IDEAS_TEXTS.team) },
              { value: "company", label: t(IDEAS_TEXTS.company) },
            ]}
          />
          {showStatusFilter && (
            <NativeSelect
              label={t(IDEAS_TEXTS.status)}
              size="sm"
              value={filter.status}
              onChange={(event) => setFilter({ ...filter, status: event.currentTarget.value as ChallengeStatusFilter })}
              data={statusOptions}
            />
          )}
        </Group>
        <ActionFeedback success={success} />
        {challenges.isPending ? (
          // Holds the place of the first cards, so the sections below do not jump when they arrive.
          <Box mih={CHALLENGE_LIST_LOADING_HEIGHT}>
            <LoadingState label={t(CHALLENGE_MESSAGES.loading)} />
          </Box>
        ) : challenges.isError ? (
          <ErrorState
            message={`${t(CHALLENGE_MESSAGES.loadFailed)} ${errorMessageOf(challenges.error)}`}
            onRetry={() => void challenges.refetch()}
          />
        ) : list.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <EmptyState>
              {t(status === "all" ? CHALLENGE_MESSAGES.noneYet : NO_CHALLENGES_IN_STATUS[status], {
                scope: filter.scope,
              })}
            </EmptyState>
            {(status === "active" || status === "all") && emptyAction}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.map((challenge, index) => (
              <ChallengeCard
                key={challenge.id}
                challenge={challenge}
                isTourTarget={index === 0}
                onAnswer={onAnswer}
                onOpen={onOpen}
                canManage={canManage}
                onEdit={(target) => {
                  setSuccess(null);
                  setEditing(target);
                }}
                onClose={(target) => {
                  setSuccess(null);
                  closeChallenge.reset();
                  setClosing(target);
                }}
              />
            ))}
          </SimpleGrid>
        )}
        <ShowMoreButton list={challenges} label={t(CHALLENGE_MESSAGES.showMore)} />
      </Stack>
      <EditChallengeDialog
        challenge={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setSuccess(message);
        }}
      />
      <ConfirmDialog
        opened={closing !== null}
        title={t(CHALLENGE_MESSAGES.closeChallenge)}
        confirmLabel={t(CHALLENGE_MESSAGES.closeChallenge)}
        onConfirm={confirmClose}
        onCancel={() => setClosing(null)}
        isPending={closeChallenge.isPending}
        error={closeChallenge.isError ? errorMessageOf(closeChallenge.error) : null}
      >
        {closing ? t(CHALLENGE_MESSAGES.closeQuestion, { title: closing.title }) : ""}
      </ConfirmDialog>
    </Paper>
  );
}
