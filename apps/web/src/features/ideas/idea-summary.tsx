import type { IdeaDetail } from "@ideaport/shared";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMessageCircle, IconThumbUp, IconThumbUpFilled } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { t, tRich } from "../../lib/i18n.ts";
import { TagChips } from "../tags/index.ts";
import { IdeaStatusBadge } from "./idea-ui.tsx";
import { useVoteForIdea } from "./ideas.queries.ts";
import { IDEA_DETAIL_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";
import { useIsVoteWaiting, WaitingBadge } from "./waiting-to-send.tsx";

const bold = (chunks: ReactNode) => <strong>{chunks}</strong>;

/**
 * What the last step did. The buttons that took it are gone once the status changes, so focus
 * moves here and screen readers hear the outcome.
 */
export function StepOutcome({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div role="status">
      {message && (
        <Alert color="green" variant="light" p="xs">
          <Text ref={ref} tabIndex={-1} size="sm" fw={600} c="green.9">
            {message}
          </Text>
        </Alert>
      )}
    </div>
  );
}

/** Status, author, team, challenge, tags, dates and the vote toggle. */
export function IdeaSummary({ idea }: { idea: IdeaDetail }) {
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <IdeaStatusBadge status={idea.status} />
        <Text size="sm">
          {tRich(IDEA_DETAIL_MESSAGES.byAuthor, { name: idea.author.display_name, b: bold })}
          {idea.team_name ? ` · ${idea.team_name}` : ""}
        </Text>
      </Group>
      {idea.challenge && (
        <Text size="sm">
          {tRich(IDEA_DETAIL_MESSAGES.answers, {
            scope: idea.challenge.scope,
            title: idea.challenge.title,
            b: bold,
          })}
        </Text>
      )}
      <TagChips tags={idea.tags} />
      <Text size="sm" c="gray.7">
        {idea.submitted_at
          ? t(IDEAS_TEXTS.submittedOn, { date: formatDateTime(idea.submitted_at) })
          : t(IDEAS_TEXTS.createdOn, { date: formatDateTime(idea.created_at) })}
        {` · ${t(IDEA_DETAIL_MESSAGES.lastChange, { date: formatDateTime(idea.updated_at) })}`}
      </Text>
      {idea.status !== "draft" && <VoteToggle idea={idea} />}
    </Stack>
  );
}

/**
 * Vote for the idea, or take the vote back; the count comes from the server's answer. Authors see
 * the count only: nobody votes for their own idea.
 */
function VoteToggle({ idea }: { idea: IdeaDetail }) {
  const vote = useVoteForIdea(idea.id);
  const isVoteWaiting = useIsVoteWaiting(idea.id);
  const countText = t(IDEAS_TEXTS.votes, { count: idea.votes });
  return (
    <Stack gap={4}>
      <Group gap="sm">
        {idea.can_vote && isVoteWaiting && (
          <Group gap={6}>
            <Button size="xs" variant="filled" disabled leftSection={<IconThumbUpFilled size={14} aria-hidden />}>
              {t(IDEAS_TEXTS.voted)}
            </Button>
            <WaitingBadge />
          </Group>
        )}
        {idea.can_vote && !isVoteWaiting && (
          <Button
            size="xs"
            variant={idea.has_voted ? "filled" : "default"}
            aria-pressed={idea.has_voted}
            leftSection={
              idea.has_voted ? <IconThumbUpFilled size={14} aria-hidden /> : <IconThumbUp size={14} aria-hidden />
            }
            loading={vote.isPending}
            onClick={() => vote.mutate(!idea.has_voted)}
          >
            {t(idea.has_voted ? IDEAS_TEXTS.voted : IDEAS_TEXTS.vote)}
          </Button>
        )}
        <Text size="sm" aria-live="polite">
          {countText}
        </Text>
        <Group gap={4} c="gray.7">
          <IconMessageCircle size={16} aria-hidden />
          <Text size="sm">{t(IDEAS_TEXTS.comments, { count: idea.comment_count })}</Text>
        </Group>
      </Group>
      {vote.isError && <ActionFeedback error={errorMessageOf(vote.error)} />}
    </Stack>
  );
}
