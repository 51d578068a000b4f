import { CHALLENGE_SEARCH_PARAM, type Challenge, IDEA_SEARCH_PARAM, isAdmin } from "@ideaport/shared";
import { Box, Container, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { LoadingState } from "../../components/loading-state.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useSearchParamDialog } from "../../components/use-search-param-dialog.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import type { SessionUser } from "../../lib/session.ts";
import { AddChallenge } from "./add-challenge.tsx";
import { ChallengeDetailDialog } from "./challenge-detail-dialog.tsx";
import { ChallengeList, type ChallengeListFilter, DEFAULT_CHALLENGE_FILTER } from "./challenge-list.tsx";
import { IdeaDetailDialog } from "./idea-detail-dialog.tsx";

/**
 * The page below its challenges (manager-ideas-sections.tsx): proposed challenges, the team and its
 * submissions, and the ideas-to-action board. Their chunk loads as the page renders.
 */
const ManagerIdeasSections = lazy(async () => ({
  default: (await import("./manager-ideas-sections.tsx")).ManagerIdeasSections,
}));

/** The new-company checklist (new-company-checklist.tsx), for administrators only. */
const NewCompanyChecklist = lazy(async () => ({
  default: (await import("./new-company-checklist.tsx")).NewCompanyChecklist,
}));

/** Pixels the sections hold while their code loads: about the team and submissions row. */
const SECTIONS_LOADING_HEIGHT = 320;

/**
 * /app/manager-ideas: challenges (with the scope filter and the add-challenge button), the team
 * the manager manages and its submissions by review status, the ideas-to-action board, and for
 * whoever decides them (challenge.decide) the proposed company challenges; above them all, for the
 * administrators of a new company, the "Get your company started" checklist.
 */
export function ManagerIdeasPage() {
  usePageTitle("Manager Ideas");
  const { user } = useAuth();
  return user ? <ManagerIdeasContent user={user} /> : null;
}

function ManagerIdeasContent({ user }: { user: SessionUser }) {
  const [challengeFilter, setChallengeFilter] = useState<ChallengeListFilter>(DEFAULT_CHALLENGE_FILTER);
  const [answering, setAnswering] = useState<Challenge | null>(null);
  const { openId: openIdeaId, open: openIdea, close: closeIdea } = useSearchParamDialog(IDEA_SEARCH_PARAM);
  const challengeDialog = useSearchParamDialog(CHALLENGE_SEARCH_PARAM);
  // A challenge just posted shows under its scope and status.
  const showCreated = (challenge: Challenge) =>
    setChallengeFilter({ scope: challenge.scope, status: challenge.status === "proposed" ? "proposed" : "active" });

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Manager Ideas</Title>
          <Text c="gray.7">Post challenges, review your team's ideas and follow approved ideas through to action.</Text>
        </div>
        {isAdmin(user) && (
          // Nothing shows while its code loads, but a tour waits for it (`data-loading`).
          <Suspense fallback={<span data-loading hidden />}>
            <NewCompanyChecklist />
          </Suspense>
        )}
        <ChallengeList
          canManage
          onAnswer={setAnswering}
          onOpen={(challenge) => challengeDialog.open(challenge.id)}
          showStatusFilter
          filter={challengeFilter}
          onFilterChange={setChallengeFilter}
          actions={<AddChallenge onCreated={showCreated} />}
          emptyAction={<AddChallenge label="Post your first challenge" isTourTarget={false} onCreated={showCreated} />}
        />
        <Suspense
          fallback={
            <Box mih={SECTIONS_LOADING_HEIGHT}>
              <LoadingState label="Loading your team's ideas..." />
            </Box>
          }
        >
          <ManagerIdeasSections
            user={user}
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
