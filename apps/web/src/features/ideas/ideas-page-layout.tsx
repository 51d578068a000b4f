import { CHALLENGE_SEARCH_PARAM, type Challenge, IDEA_SEARCH_PARAM } from "@ideaport/shared";
import { Container, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { LoadingSuspense } from "../../components/loading-state.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { useSearchParamDialog } from "../../components/use-search-param-dialog.ts";
import { ChallengeDetailDialog } from "./challenge-detail-dialog.tsx";
import { IdeaDetailDialog } from "./idea-detail-dialog.tsx";

/** The brain-dump side of an ideas page: the challenge being answered, and opening an idea. */
export interface IdeasSectionsProps {
  /** The challenge the brain-dump box answers, chosen on a challenge card; null for an idea of one's own. */
  answering: Challenge | null;
  onClearChallenge: () => void;
  onOpenIdea: (ideaId: string) => void;
}

/** What the content of an ideas page works with: answering a challenge, the dialogs, and its sections' props. */
export interface IdeasPageState {
  answer: (challenge: Challenge) => void;
  openChallenge: (challenge: Challenge) => void;
  sections: IdeasSectionsProps;
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
        <PageHeading title={title} intro={intro} />
        {children({
          answer: setAnswering,
          openChallenge: (challenge) => challengeDialog.open(challenge.id),
          sections: { answering, onClearChallenge: () => setAnswering(null), onOpenIdea: openIdea },
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
    <LoadingSuspense label={loadingLabel} minHeight={SECTIONS_LOADING_HEIGHT}>
      {children}
    </LoadingSuspense>
  );
}
