import { Modal, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { loadReviewChecklist } from "../ai-analysis/index.ts";
import { EditIdeaForm } from "./edit-idea-form.tsx";
import { ActionSection } from "./idea-action-section.tsx";
import { CommentsSection } from "./idea-comments.tsx";
import { DetailSection } from "./idea-detail-section.tsx";
import { HistorySection } from "./idea-history.tsx";
import { Contributors, MergedInto, PossibleDuplicates } from "./idea-merges.tsx";
import { OwnIdeaReview, RejectionReason, RevisionRequest } from "./idea-notices.tsx";
import { RevisionsSection } from "./idea-revisions.tsx";
import { IdeaSummary, StepOutcome } from "./idea-summary.tsx";
import { AUTHOR_STEPS } from "./idea-ui.tsx";
import { useIdea } from "./ideas.queries.ts";
import { IDEA_DETAIL_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";
import { ReviewActions } from "./review-actions.tsx";
import { ScorecardSection } from "./scorecard-section.tsx";
import { WithdrawIdea } from "./withdraw-idea.tsx";

/** The reviewer's checklist (shared rules), loaded with the review screen's steps. */
const ReviewChecklist = lazy(async () => ({
  default: (await loadReviewChecklist()).ReviewChecklist,
}));

interface IdeaDetailModalProps {
  /** The idea to show; null keeps the dialog closed. */
  ideaId: string | null;
  onClose: () => void;
  /** Opens another idea in its place (a similar idea the analysis found). */
  onOpenIdea?: (ideaId: string) => void;
}

/**
 * An idea in a dialog: its status, author, challenge and text, the status history, the
 * revisions with what changed, comments and votes, and the steps the viewer may take (Submit,
 * Resubmit, and for reviewers Start review, Ask for revision, Approve, Reject, Endorse). The
 * employee page shows it for any idea, the manager page as its review view.
 */
export function IdeaDetailModal({ ideaId, onClose, onOpenIdea }: IdeaDetailModalProps) {
  const { data: idea } = useIdea(ideaId);
  const title = ideaId !== null && idea?.id === ideaId ? idea.title : t(IDEA_DETAIL_MESSAGES.dialogTitle);
  return (
    <Modal
      opened={ideaId !== null}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ "aria-label": t(IDEA_DETAIL_MESSAGES.closeDialog) }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      {ideaId !== null && <IdeaDetailView key={ideaId} ideaId={ideaId} onDeleted={onClose} onOpenIdea={onOpenIdea} />}
    </Modal>
  );
}

/** The content of the idea dialog, for one idea; `onDeleted` runs once its author deleted it. */
export function IdeaDetailView({
  ideaId,
  onDeleted,
  onOpenIdea,
}: {
  ideaId: string;
  onDeleted: () => void;
  onOpenIdea?: (ideaId: string) => void;
}) {
  const query = useIdea(ideaId);
  const [stepDone, setStepDone] = useState<string | null>(null);
  if (query.isPending) return <LoadingState label={t(IDEA_DETAIL_MESSAGES.loading)} />;
  if (query.isError) return <ErrorState message={errorMessageOf(query.error)} onRetry={() => void query.refetch()} />;
  const idea = query.data;
  const authorSteps = idea.can_edit ? idea.allowed_transitions.filter((to) => AUTHOR_STEPS.includes(to)) : [];
  // Withdrawing is the author's too: it turns the idea back into a draft.
  const canWithdraw = idea.allowed_transitions.includes("draft");
  const reviewSteps = idea.allowed_transitions.filter((to) => !authorSteps.includes(to) && to !== "draft");

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <IdeaSummary idea={idea} />
        <Contributors idea={idea} />
        <StepOutcome message={stepDone} />
      </Stack>
      <MergedInto idea={idea} onOpenIdea={onOpenIdea} />
      <RevisionRequest idea={idea} />
      <RejectionReason idea={idea} />
      {idea.can_edit ? (
        <EditIdeaForm
          key={idea.status}
          idea={idea}
          steps={authorSteps}
          onStepDone={setStepDone}
          onDeleted={onDeleted}
          onOpenIdea={onOpenIdea}
        />
      ) : (
        <DetailSection title={t(IDEAS_TEXTS.description)}>
          {idea.description.trim() === "" ? (
            <Text size="sm" c="gray.7">
              {t(IDEA_DETAIL_MESSAGES.noDescription)}
            </Text>
          ) : (
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{idea.description}</Text>
          )}
        </DetailSection>
      )}
      {canWithdraw && <WithdrawIdea key={idea.status} idea={idea} onStepDone={setStepDone} />}
      {reviewSteps.length > 0 && (
        <Suspense fallback={null}>
          <ReviewChecklist idea={idea} />
        </Suspense>
      )}
      <ScorecardSection idea={idea} />
      {reviewSteps.length > 0 && (
        <ReviewActions key={idea.status} idea={idea} steps={reviewSteps} onStepDone={setStepDone} />
      )}
      {idea.own_idea_reviewer && <OwnIdeaReview reviewer={idea.own_idea_reviewer} />}
      {(reviewSteps.length > 0 || idea.can_merge) && (
        <PossibleDuplicates idea={idea} onOpenIdea={onOpenIdea} onMerged={setStepDone} />
      )}
      {idea.action && <ActionSection action={idea.action} />}
      <HistorySection history={idea.history} />
      <RevisionsSection revisions={idea.revisions} />
      <CommentsSection idea={idea} />
    </Stack>
  );
}
