import type { Idea } from "@ideaport/shared";
import { Button, Stack, Text } from "@mantine/core";
import { IconThumbUp, IconThumbUpFilled } from "@tabler/icons-react";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useVoteForIdea } from "./ideas.queries.ts";
import { IDEAS_TEXTS, SUBMISSIONS_MESSAGES } from "./ideas.texts.ts";
import { useIsVoteWaiting, WaitingBadge } from "./waiting-to-send.tsx";

/**
 * Votes for an idea from a list with one click, or takes the vote back (pressed while voted).
 * Nothing shows on ideas the person may not vote for: their own, and drafts.
 */
export function VoteButton({ idea }: { idea: Idea }) {
  const vote = useVoteForIdea(idea.id);
  const isWaiting = useIsVoteWaiting(idea.id);
  if (!idea.can_vote) return null;
  if (isWaiting) return <WaitingBadge />;
  return (
    <Stack gap={2} align="flex-end">
      <Button
        size="compact-xs"
        variant={idea.has_voted ? "filled" : "default"}
        aria-pressed={idea.has_voted}
        aria-label={t(SUBMISSIONS_MESSAGES.voteFor, { title: idea.title })}
        leftSection={
          idea.has_voted ? <IconThumbUpFilled size={12} aria-hidden /> : <IconThumbUp size={12} aria-hidden />
        }
        loading={vote.isPending}
        onClick={() => vote.mutate(!idea.has_voted)}
      >
        {t(IDEAS_TEXTS.vote)}
      </Button>
      {vote.isError && (
        <Text size="xs" c="red.9" role="alert">
          {errorMessageOf(vote.error)}
        </Text>
      )}
    </Stack>
  );
}
