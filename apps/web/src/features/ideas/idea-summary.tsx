import type { IdeaDetail } from "@ideaport/shared";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMessageCircle, IconThumbUp, IconThumbUpFilled } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { IdeaStatusBadge } from "./idea-ui.tsx";
import { useVoteForIdea } from "./ideas.queries.ts";

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

/** Status, author, team, challenge, dates and the vote toggle. */
export function IdeaSummary({ idea }: { idea: IdeaDetail }) {
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <IdeaStatusBadge status={idea.status} />
        <Text size="sm">
          by <strong>{idea.author.display_name}</strong>
          {idea.team_name ? ` · ${idea.team_name}` : ""}
        </Text>
      </Group>
      {idea.challenge && (
        <Text size="sm">
          Answers the {idea.challenge.scope === "company" ? "company" : "team"} challenge{" "}
          <strong>{idea.challenge.title}</strong>
        </Text>
      )}
      <Text size="sm" c="gray.7">
        {idea.submitted_at
          ? `Submitted ${formatDateTime(idea.submitted_at)}`
          : `Created ${formatDateTime(idea.created_at)}`}
        {` · Last change ${formatDateTime(idea.updated_at)}`}
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
  const countText = `${idea.votes} ${idea.votes === 1 ? "vote" : "votes"}`;
  return (
    <Stack gap={4}>
      <Group gap="sm">
        {idea.can_vote && (
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
            {idea.has_voted ? "Voted" : "Vote"}
          </Button>
        )}
        <Text size="sm" aria-live="polite">
          {countText}
        </Text>
        <Group gap={4} c="gray.7">
          <IconMessageCircle size={16} aria-hidden />
          <Text size="sm">
            {idea.comment_count} {idea.comment_count === 1 ? "comment" : "comments"}
          </Text>
        </Group>
      </Group>
      {vote.isError && <ActionFeedback error={errorMessageOf(vote.error)} />}
    </Stack>
  );
}
