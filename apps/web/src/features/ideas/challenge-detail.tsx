import {
  type Challenge,
  challengesEndpoints,
  IDEA_STATUS_LABELS,
  IDEA_STATUSES,
  type IdeaSort,
  type IdeaStatus,
} from "@ideaport/shared";
import { Button, Group, Modal, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { EvaluatorsSection } from "../evaluation/index.ts";
import { ChallengeFacts, ChallengeScopeBadge } from "./challenge-list.tsx";
import { challengeKeys } from "./challenges.queries.ts";
import { useIdeas } from "./ideas.queries.ts";
import { CHALLENGE_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";
import { IdeaCard, IdeaSortSelect } from "./submissions.tsx";

/** `GET /api/challenges/:id/`: one challenge the caller sees. */
function challengeQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...challengeKeys.all, "detail", id] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.call(challengesEndpoints.getChallenge, undefined, { params: { id }, signal })).challenge,
  });
}

export interface ChallengeDetailModalProps {
  /** The challenge to show; null keeps the dialog closed. */
  challengeId: string | null;
  onClose: () => void;
  /** Opens one of its ideas (the page's idea dialog). */
  onOpenIdea: (ideaId: string) => void;
  /** Starts an idea answering it (the page's brain-dump box); absent where nobody answers. */
  onAnswer?: ((challenge: Challenge) => void) | undefined;
}

/**
 * A challenge on its own (`?challenge=<id>` on the ideas pages): its question, deadline and
 * reward, and the ideas answering it that the viewer may see, sorted and filtered by status.
 */
export function ChallengeDetailModal({ challengeId, onClose, onOpenIdea, onAnswer }: ChallengeDetailModalProps) {
  const challenge = useQuery({ ...challengeQueryOptions(challengeId ?? ""), enabled: challengeId !== null });
  const title =
    challengeId !== null && challenge.data?.id === challengeId ? challenge.data.title : t(IDEAS_TEXTS.challenge);
  return (
    <Modal
      opened={challengeId !== null}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ "aria-label": t(CHALLENGE_MESSAGES.closeDialog) }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      {challengeId !== null &&
        (challenge.isPending ? (
          <LoadingState label={t(CHALLENGE_MESSAGES.loadingOne)} />
        ) : challenge.isError ? (
          <ErrorState message={errorMessageOf(challenge.error)} onRetry={() => void challenge.refetch()} />
        ) : (
          <ChallengeDetailView
            challenge={challenge.data}
            onOpenIdea={onOpenIdea}
            onAnswer={
              onAnswer && challenge.data.is_open
                ? () => {
                    onClose();
                    onAnswer(challenge.data);
                  }
                : undefined
            }
          />
        ))}
    </Modal>
  );
}

function ChallengeDetailView({
  challenge,
  onOpenIdea,
  onAnswer,
}: {
  challenge: Challenge;
  onOpenIdea: (ideaId: string) => void;
  onAnswer: (() => void) | undefined;
}) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="xs">
          <ChallengeScopeBadge challenge={challenge}>
            {challenge.scope === "company"
              ? t(IDEAS_TEXTS.companyChallenge)
              : t(CHALLENGE_MESSAGES.teamChallenge, { team: challenge.team_name ?? t(CHALLENGE_MESSAGES.unknownTeam) })}
          </ChallengeScopeBadge>
          {challenge.created_by_name && (
            <Text size="sm" c="gray.7">
              {t(IDEAS_TEXTS.postedBy, { name: challenge.created_by_name })}
            </Text>
          )}
        </Group>
        {challenge.description !== "" && (
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{challenge.description}</Text>
        )}
        <ChallengeFacts challenge={challenge} />
        {onAnswer && (
          <Group>
            <Button onClick={onAnswer}>{t(CHALLENGE_MESSAGES.submitIdeaForThis)}</Button>
          </Group>
        )}
      </Stack>
      <EvaluatorsSection challenge={challenge} />
      <ChallengeIdeas challengeId={challenge.id} onOpenIdea={onOpenIdea} />
    </Stack>
  );
}

/** Every status but draft: the statuses an answer can be found in by others. */
const ANSWER_STATUSES = IDEA_STATUSES.filter((status) => status !== "draft");

/** The ideas answering a challenge, as far as the viewer may see them, sorted and filtered by status. */
function ChallengeIdeas({ challengeId, onOpenIdea }: { challengeId: string; onOpenIdea: (ideaId: string) => void }) {
  const headingId = useId();
  const [sort, setSort] = useState<IdeaSort>("most_voted");
  const [status, setStatus] = useState<IdeaStatus | "all">("all");
  const ideas = useIdeas({ challenge: challengeId, sort, status: status === "all" ? ANSWER_STATUSES : [status] });
  const list = ideas.data?.pages.flatMap((page) => page.ideas) ?? [];

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={3} size="h5" id={headingId}>
          {t(CHALLENGE_MESSAGES.ideasAnswering)}
        </Title>
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label={t(IDEAS_TEXTS.status)}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as IdeaStatus | "all")}
            data={[
              { value: "all", label: t(IDEAS_TEXTS.all) },
              ...ANSWER_STATUSES.map((value) => ({ value, label: t(IDEA_STATUS_LABELS[value]) })),
            ]}
          />
          <IdeaSortSelect value={sort} onChange={setSort} />
        </Group>
      </Group>
      <QueryStates
        query={ideas}
        loading={t(IDEAS_TEXTS.loadingIdeas)}
        failure={t(IDEAS_TEXTS.loadIdeasFailed)}
        isEmpty={() => list.length === 0}
        empty={t(status === "all" ? CHALLENGE_MESSAGES.noAnswers : CHALLENGE_MESSAGES.noAnswersInStatus)}
      >
        {() => (
          <Stack gap="sm">
            {list.map((idea) => (
              <IdeaCard key={idea.id} idea={idea} onOpen={onOpenIdea} showAuthor />
            ))}
            <ShowMoreButton list={ideas} label={t(IDEAS_TEXTS.showMoreIdeas)} />
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}
