import type { Challenge } from "@ideaport/shared";
import { Container, Grid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { usePageTitle } from "../../components/use-page-title.ts";
import { BrainDump } from "./brain-dump.tsx";
import { ChallengeList } from "./challenge-list.tsx";
import { IdeaDetailDialog } from "./idea-detail-dialog.tsx";
import { ActiveSubmissions } from "./submissions.tsx";

/** The search parameter that names the idea open in the dialog (`?idea=<id>`), so it can be linked to. */
export const IDEA_SEARCH_PARAM = "idea";

/**
 * /app/employee-ideas: challenges to answer (team or company), the brain-dump box, the user's
 * submissions by status, and the idea dialog with history, revisions, comments and votes.
 */
export function EmployeeIdeasPage() {
  usePageTitle("Employee Ideas");
  const [searchParams, setSearchParams] = useSearchParams();
  const [answering, setAnswering] = useState<Challenge | null>(null);
  const openIdeaId = searchParams.get(IDEA_SEARCH_PARAM);

  const openIdea = (ideaId: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(IDEA_SEARCH_PARAM, ideaId);
      return next;
    });
  const closeIdea = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(IDEA_SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Employee Ideas</Title>
          <Text c="gray.7">Answer a challenge or put your own idea forward, then follow each one through review.</Text>
        </div>
        <ChallengeList onAnswer={setAnswering} />
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BrainDump challenge={answering} onClearChallenge={() => setAnswering(null)} onOpenIdea={openIdea} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ActiveSubmissions onOpenIdea={openIdea} />
          </Grid.Col>
        </Grid>
      </Stack>
      {/* The employee ideas tour ends with a centred step; it needs an anchor on the page. */}
      <VisuallyHidden data-tour="tour-final">End of the ideas tour</VisuallyHidden>
      <IdeaDetailDialog ideaId={openIdeaId} onClose={closeIdea} />
    </Container>
  );
}
