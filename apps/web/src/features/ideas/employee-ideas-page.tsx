import { CHALLENGE_SEARCH_PARAM, type Challenge, IDEA_SEARCH_PARAM } from "@ideaport/shared";
import { Box, Container, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { LoadingState } from "../../components/loading-state.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useSearchParamDialog } from "../../components/use-search-param-dialog.ts";
import { AddChallenge } from "./add-challenge.tsx";
import { ChallengeDetailDialog } from "./challenge-detail-dialog.tsx";
import { ChallengeList } from "./challenge-list.tsx";
import { IdeaDetailDialog } from "./idea-detail-dialog.tsx";

/** The brain-dump box and the submissions (employee-ideas-sections.tsx): their chunk loads as the page renders. */
const EmployeeIdeasSections = lazy(async () => ({
  default: (await import("./employee-ideas-sections.tsx")).EmployeeIdeasSections,
}));

/** Pixels the sections hold while their code loads: about the brain-dump box, the shorter of the two. */
const SECTIONS_LOADING_HEIGHT = 320;

/**
 * /app/employee-ideas: challenges to answer (team or company), the brain-dump box, the user's
 * submissions by status, and the idea dialog with history, revisions, comments and votes.
 */
export function EmployeeIdeasPage() {
  usePageTitle("Employee Ideas");
  const [answering, setAnswering] = useState<Challenge | null>(null);
  const { openId: openIdeaId, open: openIdea, close: closeIdea } = useSearchParamDialog(IDEA_SEARCH_PARAM);
  const challengeDialog = useSearchParamDialog(CHALLENGE_SEARCH_PARAM);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Employee Ideas</Title>
          <Text c="gray.7">Answer a challenge or put your own idea forward, then follow each one through review.</Text>
        </div>
        <ChallengeList
          onAnswer={setAnswering}
          onOpen={(challenge) => challengeDialog.open(challenge.id)}
          actions={<AddChallenge label="Propose a challenge" isTourTarget={false} />}
        />
        <Suspense
          fallback={
            <Box mih={SECTIONS_LOADING_HEIGHT}>
              <LoadingState label="Loading your ideas..." />
            </Box>
          }
        >
          <EmployeeIdeasSections
            answering={answering}
            onClearChallenge={() => setAnswering(null)}
            onOpenIdea={openIdea}
          />
        </Suspense>
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
