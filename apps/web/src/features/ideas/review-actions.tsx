import {
  type IdeaDetail,
  type IdeaStatus,
  IdeaTransitionRequestSchema,
  type MessageDescriptor,
  missingNoteMessage,
  REVIEW_NOTE_MAX_LENGTH,
  translateSchemaMessage,
} from "@ideaport/shared";
import { Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { ownerOptionsHint, useActionOwnerOptions } from "./action-owners.ts";
import { requiresNote } from "./idea-ui.tsx";
import { type IdeaStepInput, useTransitionIdea } from "./ideas.queries.ts";
import { IDEAS_TEXTS, PENDING_TEXT, REVIEW_MESSAGES, STEP_DONE, TRANSITION_LABELS } from "./ideas.texts.ts";
import { DisagreementWarning, scoreLine } from "./scorecard-section.tsx";

/** An approval or a rejection waits this long before it is sent, so the decider can take it back. */
export const DECISION_UNDO_SECONDS = 5;

/** Steps that are sent after the undo window rather than at once. */
const UNDOABLE_STEPS: readonly IdeaStatus[] = ["approved", "rejected"];

/** What each confirmed step asks, and how its note is labelled. Start review needs no form. */
const STEP_FORMS: Partial<
  Record<
    IdeaStatus,
    {
      question: MessageDescriptor;
      noteLabel: MessageDescriptor;
      noteHint: MessageDescriptor;
      confirmLabel: MessageDescriptor;
    }
  >
> = {
  needs_revision: {
    question: REVIEW_MESSAGES.revisionQuestion,
    noteLabel: REVIEW_MESSAGES.revisionNoteLabel,
    noteHint: REVIEW_MESSAGES.noteRequiredHint,
    confirmLabel: TRANSITION_LABELS.needs_revision,
  },
  approved: {
    question: REVIEW_MESSAGES.approveQuestion,
    noteLabel: REVIEW_MESSAGES.noteForAuthor,
    noteHint: REVIEW_MESSAGES.noteOptionalHint,
    confirmLabel: REVIEW_MESSAGES.approveConfirm,
  },
  rejected: {
    question: REVIEW_MESSAGES.rejectQuestion,
    noteLabel: REVIEW_MESSAGES.rejectNoteLabel,
    noteHint: REVIEW_MESSAGES.noteRequiredHint,
    confirmLabel: REVIEW_MESSAGES.rejectConfirm,
  },
  pending_review: {
    question: REVIEW_MESSAGES.endorseQuestion,
    noteLabel: REVIEW_MESSAGES.noteForAuthor,
    noteHint: REVIEW_MESSAGES.noteOptionalHint,
    confirmLabel: TRANSITION_LABELS.pending_review,
  },
};

interface DecisionValues {
  note: string;
  ownerId: string;
  dueDate: string;
}

/**
 * The steps a reviewer may take now, from the lifecycle table. Start review happens at once;
 * every other step opens its form first (Ask for revision and Reject need a note the author
 * reads; Approve names the action's owner and due date). An approval or a rejection is then held
 * for a few seconds with an Undo button; closing the idea or leaving the page sends it at once.
 */
export function ReviewActions({
  idea,
  steps,
  onStepDone,
}: {
  idea: IdeaDetail;
  steps: IdeaStatus[];
  onStepDone: (message: string) => void;
}) {
  const { user } = useAuth();
  const transition = useTransitionIdea();
  const [chosen, setChosen] = useState<{ to: IdeaStatus; values: DecisionValues } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const send = async (input: IdeaStepInput) => {
    setFormError(null);
    try {
      await transition.mutateAsync(input);
      onStepDone(t(STEP_DONE[input.to]));
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.note : undefined;
      if (fieldMessage) setNoteError(fieldMessage);
      else setFormError(errorMessageOf(error));
    }
  };
  const held = useHeldStep((input) => void send(input));

  if (held.pending) {
    return (
      <ReviewPanel>
        <PendingDecision text={pendingText(held.pending.to)} secondsLeft={held.secondsLeft} onUndo={held.undo} />
      </ReviewPanel>
    );
  }

  if (chosen) {
    return (
      <ReviewPanel>
        <DecisionForm
          key={chosen.to}
          idea={idea}
          to={chosen.to}
          initial={chosen.values}
          serverNoteError={noteError}
          error={formError}
          isPending={transition.isPending}
          onCancel={() => {
            setChosen(null);
            setFormError(null);
            setNoteError(null);
          }}
          onConfirm={(values) => {
            setChosen({ to: chosen.to, values });
            setNoteError(null);
            const input: IdeaStepInput = {
              ideaId: idea.id,
              to: chosen.to,
              note: values.note,
              ...(chosen.to === "approved"
                ? { action: { owner_id: values.ownerId || null, due_date: values.dueDate || null } }
                : {}),
            };
            if (UNDOABLE_STEPS.includes(chosen.to)) held.hold(input);
            else void send(input);
          }}
        />
      </ReviewPanel>
    );
  }

  return (
    <ReviewPanel>
      <ActionFeedback error={formError} />
      <Group gap="sm">
        {steps.map((to) => (
          <Button
            key={to}
            variant={to === "rejected" ? "outline" : to === "needs_revision" ? "default" : "filled"}
            color={to === "rejected" ? "red.9" : to === "approved" ? "green.9" : undefined}
            loading={transition.isPending && transition.variables?.to === to}
            disabled={transition.isPending && transition.variables?.to !== to}
            onClick={() => {
              setFormError(null);
              if (STEP_FORMS[to]) setChosen({ to, values: { note: "", ownerId: user?.id ?? "", dueDate: "" } });
              else void send({ ideaId: idea.id, to });
            }}
          >
            {t(TRANSITION_LABELS[to])}
          </Button>
        ))}
      </Group>
    </ReviewPanel>
  );
}

/** What the pending decision says, in the reader's language. */
function pendingText(to: IdeaStatus): string {
  const text = PENDING_TEXT[to];
  return text ? t(text) : "";
}

/** The Review section of the idea dialog: its heading over what the viewer may do. */
export function ReviewPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t(REVIEW_MESSAGES.review)}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t(REVIEW_MESSAGES.review)}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The form of one confirmed step: its question, the note, and for an approval the action. */
function DecisionForm({
  idea,
  to,
  initial,
  serverNoteError,
  error,
  isPending,
  onCancel,
  onConfirm,
}: {
  idea: IdeaDetail;
  to: IdeaStatus;
  initial: DecisionValues;
  serverNoteError: string | null;
  error: string | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (values: DecisionValues) => void;
}) {
  const form = STEP_FORMS[to]!;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ note?: string | undefined; dueDate?: string | undefined }>({});
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteError = errors.note ?? serverNoteError ?? undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (requiresNote(to) && values.note.trim() === "") found.note = t(missingNoteMessage(to));
    const parsed = IdeaTransitionRequestSchema.safeParse({
      to,
      note: values.note,
      ...(to === "approved" && values.dueDate ? { action: { due_date: values.dueDate } } : {}),
    });
    for (const issue of parsed.error?.issues ?? []) {
      if (issue.path[0] === "note") found.note ??= translateSchemaMessage(issue.message, t);
      if (issue.path[1] === "due_date") found.dueDate ??= translateSchemaMessage(issue.message, t);
    }
    setErrors(found);
    if (found.note) noteRef.current?.focus();
    if (found.note || found.dueDate) return;
    onConfirm(values);
  };

  return (
    <form aria-label={t(TRANSITION_LABELS[to])} noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">{t(form.question)}</Text>
        {idea.score && (
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              {scoreLine(idea.score)}
            </Text>
            <DisagreementWarning score={idea.score} />
          </Stack>
        )}
        <Textarea
          ref={noteRef}
          label={t(form.noteLabel)}
          description={t(form.noteHint)}
          required={requiresNote(to)}
          rows={3}
          resize="vertical"
          maxLength={REVIEW_NOTE_MAX_LENGTH}
          value={values.note}
          error={noteError}
          onChange={(event) => {
            setValues({ ...values, note: event.currentTarget.value });
            if (errors.note) setErrors({ ...errors, note: undefined });
          }}
          data-autofocus
          autoFocus
        />
        {to === "approved" && (
          <ActionFields
            idea={idea}
            values={values}
            dueDateError={errors.dueDate}
            onChange={(changes) => setValues({ ...values, ...changes })}
          />
        )}
        <ActionFeedback error={error} />
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t(REVIEW_MESSAGES.cancel)}
          </Button>
          <Button
            type="submit"
            color={to === "rejected" ? "red.9" : to === "approved" ? "green.9" : undefined}
            loading={isPending}
          >
            {t(form.confirmLabel)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who carries an approved idea out, and by when: the action the approval creates. */
function ActionFields({
  idea,
  values,
  dueDateError,
  onChange,
}: {
  idea: IdeaDetail;
  values: DecisionValues;
  dueDateError: string | undefined;
  onChange: (changes: Partial<DecisionValues>) => void;
}) {
  const owners = useActionOwnerOptions(idea.team_id, null);
  return (
    <>
      <NativeSelect
        label={t(REVIEW_MESSAGES.actionOwner)}
        description={ownerOptionsHint(owners) ?? t(REVIEW_MESSAGES.actionOwnerHint)}
        data={owners.options}
        value={values.ownerId}
        onChange={(event) => onChange({ ownerId: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t(IDEAS_TEXTS.dueDate)}
        description={t(REVIEW_MESSAGES.noteOptionalHint)}
        value={values.dueDate}
        error={dueDateError}
        onChange={(event) => onChange({ dueDate: event.currentTarget.value })}
      />
    </>
  );
}

/** A decision about to be sent, with the seconds left to undo it. */
export function PendingDecision({
  text,
  secondsLeft,
  onUndo,
}: {
  text: string;
  secondsLeft: number;
  onUndo: () => void;
}) {
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => undoRef.current?.focus(), []);
  return (
    <Paper bg="blue.0" p="sm" radius="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" role="status">
          {text} <span aria-hidden>{t(REVIEW_MESSAGES.sendingIn, { seconds: secondsLeft })}</span>
        </Text>
        <Button ref={undoRef} size="xs" variant="default" onClick={onUndo}>
          {t(REVIEW_MESSAGES.undo)}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Holds one step for DECISION_UNDO_SECONDS before `send` gets it. `undo` drops it; the page
 * hiding or the component going away sends it at once (with keepalive), since it was confirmed.
 */
export function useHeldStep<Input extends { keepalive?: boolean | undefined } = IdeaStepInput>(
  send: (input: Input) => void,
) {
  const [pending, setPending] = useState<Input | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(DECISION_UNDO_SECONDS);
  const pendingRef = useRef<Input | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const flush = useCallback((keepalive: boolean) => {
    const input = pendingRef.current;
    if (!input) return;
    pendingRef.current = null;
    setPending(null);
    sendRef.current(keepalive ? { ...input, keepalive } : input);
  }, []);

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    setSecondsLeft(DECISION_UNDO_SECONDS);
    const tick = window.setInterval(() => {
      const left = DECISION_UNDO_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (left <= 0) flush(false);
      else setSecondsLeft(left);
    }, 250);
    return () => window.clearInterval(tick);
  }, [pending, flush]);

  useEffect(() => {
    const onPageHide = () => flush(true);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      flush(true);
    };
  }, [flush]);

  return {
    pending,
    secondsLeft,
    hold: (input: Input) => {
      pendingRef.current = input;
      setPending(input);
    },
    undo: () => {
      pendingRef.current = null;
      setPending(null);
    },
  };
}
