import type { IdeaDetail, IdeaStatus } from "@ideaport/shared";
import { Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { InlineConfirm } from "../../components/inline-confirm.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { AnalysisResult, AnalyzeButton, useAnalysisRequest } from "../ai-analysis/index.ts";
import { TagPicker, withTag } from "../tags/index.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { useIdeaTextForm } from "./idea-text-form.ts";
import { useDeleteIdea, useTransitionIdea, useUpdateIdea } from "./ideas.queries.ts";
import { EDIT_IDEA_MESSAGES, IDEA_DETAIL_MESSAGES, IDEAS_TEXTS, STEP_DONE, TRANSITION_LABELS } from "./ideas.texts.ts";

/**
 * The author's editor for a draft or an idea that needs revision: save the text, or save it and
 * take the author's step (Submit a draft, Resubmit a revision) in one go.
 */
export function EditIdeaForm({
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
  const [success, setSuccess] = useState<string | null>(null);
  const form = useIdeaTextForm({ title: idea.title, description: idea.description });
  const { errors } = form.formState;
  const step = steps[0];
  const analysis = useAnalysisRequest();
  const savedTags = idea.tags.map((tag) => tag.name);
  const [tags, setTags] = useState<string[]>(savedTags);

  const save = (takeStep: boolean) => {
    setSuccess(null);
    form.save(
      takeStep,
      async (values) => {
        const changes: { title?: string; description?: string; tags?: string[] } = {};
        if (values.title.trim() !== idea.title) changes.title = values.title.trim();
        if (values.description !== idea.description) changes.description = values.description;
        if (tags.join("\n") !== savedTags.join("\n")) changes.tags = tags;
        let saved = idea;
        if (Object.keys(changes).length > 0) saved = await update.mutateAsync({ ideaId: idea.id, changes });
        if (takeStep && step) await transition.mutateAsync({ ideaId: idea.id, to: step });
        return saved;
      },
      {
        onSuccess: (saved) => {
          if (takeStep && step) {
            onStepDone(t(STEP_DONE[step]));
            return;
          }
          form.reset({ title: saved.title, description: saved.description });
          setTags(saved.tags.map((tag) => tag.name));
          setSuccess(t(IDEA_DETAIL_MESSAGES.saved));
        },
      },
    );
  };

  return (
    <DetailSection
      title={t(idea.status === "needs_revision" ? EDIT_IDEA_MESSAGES.reviseTitle : EDIT_IDEA_MESSAGES.draftTitle)}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(false);
        }}
      >
        <Stack gap="sm">
          <TextInput label={t(IDEAS_TEXTS.title)} required error={errors.title?.message} {...form.register("title")} />
          <Textarea
            label={t(IDEAS_TEXTS.description)}
            rows={4}
            resize="vertical"
            error={errors.description?.message}
            {...form.register("description")}
          />
          <TagPicker value={tags} onChange={setTags} />
          <AnalysisResult
            request={analysis.request}
            onUseTitle={form.putTitle}
            onOpenIdea={onOpenIdea}
            onClose={analysis.close}
            tagging={{ tags, onAddTag: (name) => setTags((current) => withTag(current, name)) }}
          />
          <ActionFeedback success={success} error={form.formError} />
          <Group gap="sm">
            <Button type="submit" variant="default" loading={form.isSaving(false)}>
              {t(IDEAS_TEXTS.saveChanges)}
            </Button>
            {step && (
              <Button
                type="button"
                rightSection={<IconArrowRight size={16} aria-hidden />}
                loading={form.isSaving(true)}
                onClick={() => save(true)}
              >
                {t(TRANSITION_LABELS[step])}
              </Button>
            )}
            <AnalyzeButton
              onClick={() => {
                const values = form.getValues();
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
                {t(EDIT_IDEA_MESSAGES.deleteDraft)}
              </Button>
            )}
          </Group>
          {confirmingDelete && (
            <InlineConfirm
              question={t(EDIT_IDEA_MESSAGES.deleteQuestion)}
              confirmLabel={t(EDIT_IDEA_MESSAGES.deleteDraft)}
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
