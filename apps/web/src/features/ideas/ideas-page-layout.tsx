import { CHALLENGE_SEARCH_PARAM, type Challenge, IDEA_SEARCH_PARAM } from "@ideaport/shared";
import { Box, Container, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, Suspense, useState } from "react";
import { LoadingState } from "../../components/loading-state.tsx";
import { useSearchParamDialog } from "../../components/use-search-param-dialog.ts";
import { ChallengeDetailDialog } from "./challenge-detail-dialog.tsx";
import { IdeaDetailDialog } from "./idea-detail-dialog.tsx";

/** What the content of an ideas page works with: the challenge being answered and the two dialogs. */
export interface IdeasPageState {
  /** The challenge the brain-dump box answers, chosen on a challenge card; null for an idea of one's own. */
  answering: Challenge | null;
  answer: (challenge: Challenge) => void;
  stopAnswering: () => void;
  openIdea: (ideaId: string) => void;
  openChallenge: (challenge: Challenge) => void;
}

/** Pixels the sections below the challenges hold while their code loads: about the brain-dump box or the team row. */
const SECTIONS_LOADING_HEIGHT = 320;

/**
 * An ideas page (the employee's and the manager's): its title and intro, its content, and the
 * challenge and idea dialogs, each opened by its search parameter. An idea opened from a
 * challenge takes that challenge's place.
 */
export function IdeasPageLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (page: IdeasPageState) => ReactNode;
}) {
  const [answering, setAnswering] = useState<Challenge | null>(null);
  const { openId: openIdeaId, open: openIdea, close: closeIdea } = useSearchParamDialog(IDEA_SEARCH_PARAM);
  const challengeDialog = useSearchParamDialog(CHALLENGE_SEARCH_PARAM);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="gray.7">{intro}</Text>
        </div>
        {children({
          answering,
          answer: setAnswering,
          stopAnswering: () => setAnswering(null),
          openIdea,
          openChallenge: (challenge) => challengeDialog.open(challenge.id),
        })}
      </Stack>
      <ChallengeDetailDialog
        challengeId={challengeDialog.openId}
        onClose={challengeDialog.close}
        onOpenIdea={(ideaId) => openIdea(ideaId, { instead: CHALLENGE_SEARCH_PARAM })}
        onAnswer={setAnswering}
      />
      <IdeaDetailDialog ideaId={openIdeaId} onClose={closeIdea} onOpenIdea={openIdea} />
    </Container>
  );
}

/** The page's sections below the challenges, whose code loads as the page renders. */
export function LazySections({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box mih={SECTIONS_LOADING_HEIGHT}>
          <LoadingState label={loadingLabel} />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}
