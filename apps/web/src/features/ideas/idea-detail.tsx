import {
  type Comment,
  CreateCommentRequestSchema,
  IDEA_MESSAGES,
  IDEA_STATUS_LABELS,
  type IdeaAction,
  type IdeaDetail,
  type IdeaHistoryEntry,
  type IdeaRevision,
  type IdeaStatus,
  type OwnIdeaReviewer,
} from "@ideaport/shared";
import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowRight, IconMessageCircle, IconThumbUp, IconThumbUpFilled } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { InlineConfirm } from "../../components/inline-confirm.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { applyServerFieldErrors, errorMessageOf } from "../../lib/form-errors.ts";
import { formatCalendarDay, formatDateTime } from "../../lib/format.ts";
import { AnalysisResult, AnalyzeButton, loadReviewChecklist, useAnalysisRequest } from "../ai-analysis/index.ts";
import { ACTION_STATUS_LABELS } from "./action-status.ts";
import {
  AUTHOR_STEPS,
  IdeaStatusBadge,
  type IdeaTextValues,
  ideaTextResolver,
  STEP_DONE,
  TRANSITION_LABELS,
} from "./idea-ui.tsx";
import {
  useCommentOnIdea,
  useDeleteIdea,
  useIdea,
  useTransitionIdea,
  useUpdateIdea,
  useVoteForIdea,
} from "./ideas.queries.ts";
import { ReviewActions, ReviewPanel } from "./review-actions.tsx";

/** The reviewer's checklist (shared rules), loaded with the review screen's steps. */
const ReviewChecklist = lazy(async () => ({
  default: (await loadReviewChecklist()).ReviewChecklist,
}));

export const IDEA_DETAIL_MESSAGES = {
  loading: "Loading idea…",
  saved: "Your changes have been saved.",
  noDescription: "No description yet.",
  noHistory: "No status changes yet.",
  noRevisions: "No revisions yet.",
  noComments: "No comments yet. Be the first to say what you think.",
  commentsClosed: "Comments open once the idea is submitted.",
  commentPosted: "Your comment has been posted.",
} as const;

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
  const title = ideaId !== null && idea?.id === ideaId ? idea.title : "Idea";
  return (
    <Modal
      opened={ideaId !== null}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ "aria-label": "Close idea" }}
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
  if (query.isPending) return <LoadingState label={IDEA_DETAIL_MESSAGES.loading} />;
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
        <StepOutcome message={stepDone} />
      </Stack>
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
        <DetailSection title="Description">
          {idea.description.trim() === "" ? (
            <Text size="sm" c="gray.7">
              {IDEA_DETAIL_MESSAGES.noDescription}
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
      {reviewSteps.length > 0 && (
        <ReviewActions key={idea.status} idea={idea} steps={reviewSteps} onStepDone={setStepDone} />
      )}
      {idea.own_idea_reviewer && <OwnIdeaReview reviewer={idea.own_idea_reviewer} />}
      {idea.action && <ActionSection action={idea.action} />}
      <HistorySection history={idea.history} />
      <RevisionsSection revisions={idea.revisions} />
      <CommentsSection idea={idea} />
    </Stack>
  );
}

/**
 * What the last step did. The buttons that took it are gone once the status changes, so focus
 * moves here and screen readers hear the outcome.
 */
function StepOutcome({ message }: { message: string | null }) {
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

/** A titled part of the dialog (a level-3 heading under the dialog's title). */
function DetailSection({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Box>
  );
}

/** Status, author, team, challenge, dates and the vote toggle. */
function IdeaSummary({ idea }: { idea: IdeaDetail }) {
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

/** The reviewer's latest request, while the idea waits for the author's revision. */
function RevisionRequest({ idea }: { idea: IdeaDetail }) {
  if (idea.status !== "needs_revision") return null;
  const request = [...idea.history].reverse().find((entry) => entry.to_status === "needs_revision");
  const reviewer = request?.actor?.display_name ?? "The reviewer";
  return (
    <Alert color="orange" variant="light" title="Revision requested">
      <Stack gap={4}>
        <Text size="sm">
          {reviewer} asked for changes{idea.can_edit ? ". Edit your idea below, then resubmit it." : "."}
        </Text>
        {request?.note && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            “{request.note}”
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** What became of an approved idea: its action's owner, due date and status, for everyone who sees it. */
function ActionSection({ action }: { action: IdeaAction }) {
  return (
    <DetailSection title="Action">
      <Group gap="lg">
        <Text size="sm">
          Owner: <strong>{action.owner?.display_name ?? "Nobody yet"}</strong>
        </Text>
        <Text size="sm">
          Due: <strong>{action.due_date ? formatCalendarDay(action.due_date) : "No due date"}</strong>
        </Text>
        <Text size="sm">
          Status: <strong>{ACTION_STATUS_LABELS[action.status]}</strong>
        </Text>
      </Group>
    </DetailSection>
  );
}

/** Why a rejected idea is not taken forward: the decider's reason, as they wrote it. */
function RejectionReason({ idea }: { idea: IdeaDetail }) {
  if (idea.status !== "rejected") return null;
  const decision = [...idea.history].reverse().find((entry) => entry.to_status === "rejected");
  if (!decision?.note) return null;
  return (
    <Alert color="gray" variant="light" title="Not taken forward">
      <Stack gap={4}>
        <Text size="sm">{decision.actor?.display_name ?? "The reviewer"} gave this reason:</Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          “{decision.note}”
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * The author's editor for a draft or an idea that needs revision: save the text, or save it and
 * take the author's step (Submit a draft, Resubmit a revision) in one go.
 */
function EditIdeaForm({
  idea,
  steps,
  onStepDone,
  onDeleted,
  onOpenIdea,
}: {
  idea: IdeaDetail;
  steps: IdeaStatus[];
  onStepDone: (message: string) => void;
  onDeleted: () => void;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
}) {
  const update = useUpdateIdea();
  const remove = useDeleteIdea();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const transition = useTransitionIdea();
  const submitting = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<IdeaTextValues>({
    resolver: ideaTextResolver(() => submitting.current),
    defaultValues: { title: idea.title, description: idea.description },
  });
  const step = steps[0];
  const analysis = useAnalysisRequest();

  const save = (takeStep: boolean) => {
    submitting.current = takeStep;
    setFormError(null);
    setSuccess(null);
    void handleSubmit(async (values) => {
      try {
        const changes: { title?: string; description?: string } = {};
        if (values.title.trim() !== idea.title) changes.title = values.title.trim();
        if (values.description !== idea.description) changes.description = values.description;
        let saved = idea;
        if (Object.keys(changes).length > 0) saved = await update.mutateAsync({ ideaId: idea.id, changes });
        if (takeStep && step) {
          await transition.mutateAsync({ ideaId: idea.id, to: step });
          onStepDone(STEP_DONE[step]);
          return;
        }
        reset({ title: saved.title, description: saved.description });
        setSuccess(IDEA_DETAIL_MESSAGES.saved);
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, { title: "title", description: "description" })) {
          setFormError(errorMessageOf(error));
        }
      }
    })();
  };

  return (
    <DetailSection title={idea.status === "needs_revision" ? "Revise your idea" : "Edit your draft"}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(false);
        }}
      >
        <Stack gap="sm">
          <TextInput label="Title" required error={errors.title?.message} {...register("title")} />
          <Textarea
            label="Description"
            rows={4}
            resize="vertical"
            error={errors.description?.message}
            {...register("description")}
          />
          <AnalysisResult
            request={analysis.request}
            onUseTitle={(suggested) => setValue("title", suggested, { shouldDirty: true, shouldValidate: true })}
            onOpenIdea={onOpenIdea}
            onClose={analysis.close}
          />
          <ActionFeedback success={success} error={formError} />
          <Group gap="sm">
            <Button type="submit" variant="default" loading={isSubmitting && !submitting.current}>
              Save changes
            </Button>
            {step && (
              <Button
                type="button"
                rightSection={<IconArrowRight size={16} aria-hidden />}
                loading={isSubmitting && submitting.current}
                onClick={() => save(true)}
              >
                {TRANSITION_LABELS[step]}
              </Button>
            )}
            <AnalyzeButton
              onClick={() => {
                const values = getValues();
                analysis.analyze({
                  title: values.title.trim(),
                  description: values.description,
                  challengeId: idea.challenge?.id ?? null,
                  ideaId: idea.id,
                });
              }}
            />
            {idea.status === "draft" && !confirmingDelete && (
              <Button type="button" variant="subtle" color="red.9" onClick={() => setConfirmingDelete(true)}>
                Delete draft
              </Button>
            )}
          </Group>
          {confirmingDelete && (
            <InlineConfirm
              question="Delete this draft? It cannot be brought back."
              confirmLabel="Delete draft"
              isPending={remove.isPending}
              error={remove.isError ? errorMessageOf(remove.error) : null}
              onCancel={() => {
                remove.reset();
                setConfirmingDelete(false);
              }}
              onConfirm={() => remove.mutate(idea.id, { onSuccess: onDeleted })}
            />
          )}
        </Stack>
      </form>
    </DetailSection>
  );
}

/**
 * The author's way back while nobody has started reviewing their submission: withdrawn, it is a
 * draft again, to change, submit again or delete.
 */
function WithdrawIdea({ idea, onStepDone }: { idea: IdeaDetail; onStepDone: (message: string) => void }) {
  const transition = useTransitionIdea();
  const [confirming, setConfirming] = useState(false);
  return (
    <DetailSection title="Your submission">
      <Stack gap="sm">
        <Text size="sm">Nobody has started reviewing it yet. You can withdraw it to change it or to delete it.</Text>
        {confirming ? (
          <InlineConfirm
            question="Withdraw this idea? Reviewers no longer see it until you submit it again."
            confirmLabel="Withdraw idea"
            isPending={transition.isPending}
            error={transition.isError ? errorMessageOf(transition.error) : null}
            onCancel={() => {
              transition.reset();
              setConfirming(false);
            }}
            onConfirm={() =>
              transition.mutate({ ideaId: idea.id, to: "draft" }, { onSuccess: () => onStepDone(STEP_DONE.draft) })
            }
          />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              {TRANSITION_LABELS.draft}
            </Button>
          </Group>
        )}
      </Stack>
    </DetailSection>
  );
}

/**
 * In place of the decision buttons, for a manager or admin looking at their own idea: why they
 * do not decide, and who does.
 */
function OwnIdeaReview({ reviewer }: { reviewer: OwnIdeaReviewer }) {
  return (
    <ReviewPanel>
      <Text size="sm">
        {reviewer === "another_administrator"
          ? IDEA_MESSAGES.ownIdeaAnotherAdministrator
          : IDEA_MESSAGES.ownIdeaAnotherReviewer}
      </Text>
    </ReviewPanel>
  );
}

/** Every status change, oldest first, with who made it and their note. */
function HistorySection({ history }: { history: IdeaHistoryEntry[] }) {
  return (
    <DetailSection title="Status history">
      {history.length === 0 ? (
        <Text size="sm" c="gray.7">
          {IDEA_DETAIL_MESSAGES.noHistory}
        </Text>
      ) : (
        <Box component="ol" m={0} pl="md" style={{ display: "grid", gap: "var(--mantine-spacing-xs)" }}>
          {history.map((entry) => (
            <li key={entry.id}>
              <Group gap="xs" wrap="wrap">
                <IdeaStatusBadge status={entry.to_status} />
                <Text size="sm">
                  {entry.actor ? `by ${entry.actor.display_name}` : ""}
                  {entry.actor ? " · " : ""}
                  {formatDateTime(entry.created_at)}
                </Text>
              </Group>
              {entry.from_status && (
                <Text size="xs" c="gray.7">
                  from {IDEA_STATUS_LABELS[entry.from_status]}
                </Text>
              )}
              {entry.note && (
                <Text size="sm" mt={2} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  Note: {entry.note}
                </Text>
              )}
            </li>
          ))}
        </Box>
      )}
    </DetailSection>
  );
}

/** One changed field of a revision: its text before and after. */
function ChangedText({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label} changed
      </Text>
      <Group gap="xs" align="stretch" wrap="wrap">
        <Paper bg="gray.0" p="xs" radius="sm" style={{ flex: "1 1 14rem" }}>
          <Text size="xs" c="gray.7" fw={600}>
            Before
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {before === "" ? "(empty)" : before}
          </Text>
        </Paper>
        <Paper bg="green.0" p="xs" radius="sm" style={{ flex: "1 1 14rem" }}>
          <Text size="xs" c="gray.7" fw={600}>
            After
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {after === "" ? "(empty)" : after}
          </Text>
        </Paper>
      </Group>
    </Stack>
  );
}

/** The author's edits after submission, each with what changed. */
function RevisionsSection({ revisions }: { revisions: IdeaRevision[] }) {
  return (
    <DetailSection title="Revisions">
      {revisions.length === 0 ? (
        <Text size="sm" c="gray.7">
          {IDEA_DETAIL_MESSAGES.noRevisions}
        </Text>
      ) : (
        <Stack gap="md">
          {revisions.map((revision, index) => {
            const titleChanged = revision.before.title !== revision.after.title;
            const descriptionChanged = revision.before.description !== revision.after.description;
            return (
              <Stack key={revision.id} gap="xs" component="article" aria-label={`Revision ${index + 1}`}>
                <Text size="sm" c="gray.7">
                  Revision {index + 1}
                  {revision.revised_by ? ` by ${revision.revised_by.display_name}` : ""} ·{" "}
                  {formatDateTime(revision.created_at)}
                </Text>
                {titleChanged && (
                  <ChangedText label="Title" before={revision.before.title} after={revision.after.title} />
                )}
                {descriptionChanged && (
                  <ChangedText
                    label="Description"
                    before={revision.before.description}
                    after={revision.after.description}
                  />
                )}
                {!titleChanged && !descriptionChanged && <Text size="sm">No change to the text.</Text>}
              </Stack>
            );
          })}
        </Stack>
      )}
    </DetailSection>
  );
}

/** The discussion, oldest first, and a form to add to it. */
function CommentsSection({ idea }: { idea: IdeaDetail }) {
  return (
    <DetailSection title="Comments">
      <Stack gap="sm">
        {idea.comments.length === 0 ? (
          <Text size="sm" c="gray.7">
            {IDEA_DETAIL_MESSAGES.noComments}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {idea.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </Stack>
        )}
        <Divider />
        {idea.status === "draft" ? (
          <Text size="sm" c="gray.7">
            {IDEA_DETAIL_MESSAGES.commentsClosed}
          </Text>
        ) : (
          <CommentForm ideaId={idea.id} />
        )}
      </Stack>
    </DetailSection>
  );
}

function CommentItem({ comment }: { comment: Comment }) {
  return (
    <li>
      <Paper bg="gray.0" p="sm" radius="sm">
        <Text size="sm">
          <strong>{comment.author.display_name}</strong>{" "}
          <Text span size="xs" c="gray.7">
            {formatDateTime(comment.created_at)}
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {comment.body}
        </Text>
      </Paper>
    </li>
  );
}

/** `POST /api/project-ideas/:id/comments/`, validated by the shared comment schema. */
function CommentForm({ ideaId }: { ideaId: string }) {
  const comment = useCommentOnIdea(ideaId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const post = async () => {
    setFormError(null);
    setSuccess(null);
    const parsed = CreateCommentRequestSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? IDEA_MESSAGES.commentRequired);
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await comment.mutateAsync(parsed.data.body);
      setBody("");
      setSuccess(IDEA_DETAIL_MESSAGES.commentPosted);
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.body : undefined;
      if (fieldMessage) setError(fieldMessage);
      else setFormError(errorMessageOf(failure));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void post();
      }}
    >
      <Stack gap="xs">
        <Textarea
          ref={fieldRef}
          label="Add a comment"
          rows={2}
          resize="vertical"
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <ActionFeedback success={success} error={formError} />
        <Group>
          <Button type="submit" size="sm" loading={comment.isPending}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
