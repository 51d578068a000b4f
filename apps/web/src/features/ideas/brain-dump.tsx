import type { Challenge, Idea } from "@ideaport/shared";
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSend } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { t } from "../../lib/i18n.ts";
import { AnalysisResult, AnalyzeButton, useAnalysisRequest } from "../ai-analysis/index.ts";
import { TagPicker, withTag } from "../tags/index.ts";
import { type IdeaTextValues, useIdeaTextForm } from "./idea-text-form.ts";
import { IdeaLine } from "./idea-ui.tsx";
import { useCreateIdea, useDeletedIdeaIds, useSimilarIdeas } from "./ideas.queries.ts";
import { BRAIN_DUMP_MESSAGES, IDEAS_TEXTS, TRANSITION_LABELS, WAITING_TO_SEND_MESSAGES } from "./ideas.texts.ts";
import { WaitingIdeas } from "./waiting-to-send.tsx";

interface BrainDumpProps {
  /** The challenge this idea answers, chosen on a challenge card; null for an idea of one's own. */
  challenge: Challenge | null;
  onClearChallenge: () => void;
  /** Opens an idea (a similar one, or the one just saved). */
  onOpenIdea: (ideaId: string) => void;
}

const EMPTY: IdeaTextValues = { title: "", description: "" };

/**
 * The brain-dump box: capture an idea in one line, expand it to add a description, then save it
 * as a draft or submit it. While the title is typed, similar ideas of the company show up, so a
 * duplicate can be joined instead. Enter in the title saves a draft.
 */
export function BrainDump({ challenge, onClearChallenge, onOpenIdea }: BrainDumpProps) {
  const headingId = useId();
  const descriptionId = useId();
  const createIdea = useCreateIdea();
  const titleRef = useRef<HTMLInputElement | null>(null);
  const [isExpanded, setExpanded] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const [saved, setSaved] = useState<{ idea: Idea | null; message: string } | null>(null);
  // A saved idea deleted since (a draft deleted from its dialog) takes its notice and link with it.
  const deletedIdeaIds = useDeletedIdeaIds();
  if (saved?.idea && deletedIdeaIds.includes(saved.idea.id)) setSaved(null);
  const form = useIdeaTextForm(EMPTY);
  const { errors } = form.formState;
  const analysis = useAnalysisRequest();
  const title = form.watch("title");
  const similar = useSimilarIdeas(title);
  const titleField = form.register("title");

  // A description the schema refused must be visible to be fixed.
  useEffect(() => {
    if (errors.description) setExpanded(true);
  }, [errors.description]);

  // Answering a challenge starts here: bring the box into view, ready to type.
  useEffect(() => {
    if (!challenge) return;
    titleRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
    titleRef.current?.focus();
  }, [challenge]);

  const save = (submit: boolean) => {
    setSaved(null);
    form.save(
      submit,
      (values) =>
        createIdea.mutateAsync({
          title: values.title.trim(),
          description: values.description.trim(),
          ...(challenge ? { challenge_id: challenge.id } : {}),
          ...(tags.length > 0 ? { tags } : {}),
          draft: !submit,
        }),
      {
        onSuccess: (idea) => {
          form.reset(EMPTY);
          setTags([]);
          setExpanded(false);
          analysis.close();
          if (challenge) onClearChallenge();
          if (!idea) {
            setSaved({ idea: null, message: t(WAITING_TO_SEND_MESSAGES.ideaKept) });
            return;
          }
          const submitted = idea.own_idea_reviewer
            ? BRAIN_DUMP_MESSAGES.submittedForAnotherReviewer
            : BRAIN_DUMP_MESSAGES.submitted;
          setSaved({ idea, message: t(submit ? submitted : BRAIN_DUMP_MESSAGES.savedDraft) });
        },
      },
    );
  };

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId} data-tour="brain-dump">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(false);
        }}
      >
        <Stack gap="sm">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {t(BRAIN_DUMP_MESSAGES.title)}
            </Title>
            <Text size="sm" c="gray.7">
              {t(BRAIN_DUMP_MESSAGES.intro)}
            </Text>
          </div>
          {challenge && (
            <Group gap="xs" wrap="nowrap" role="group" aria-label={t(BRAIN_DUMP_MESSAGES.answeringGroup)}>
              <Badge
                variant="light"
                color={challenge.scope === "company" ? "grape" : "brand"}
                tt="none"
                style={{ flexShrink: 0 }}
              >
                {t(BRAIN_DUMP_MESSAGES.answering)}
              </Badge>
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {challenge.title}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t(BRAIN_DUMP_MESSAGES.stopAnswering, { title: challenge.title })}
                onClick={() => {
                  onClearChallenge();
                  titleRef.current?.focus();
                }}
              />
            </Group>
          )}
          <TextInput
            label={t(BRAIN_DUMP_MESSAGES.yourIdea)}
            placeholder={t(BRAIN_DUMP_MESSAGES.placeholder)}
            required
            autoComplete="off"
            error={errors.title?.message}
            {...titleField}
            ref={(element) => {
              titleField.ref(element);
              titleRef.current = element;
            }}
          />
          <SimilarIdeas ideas={similar.ideas} onOpenIdea={onOpenIdea} />
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={isExpanded}
              aria-controls={descriptionId}
              leftSection={
                isExpanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
              }
              onClick={() => setExpanded((value) => !value)}
            >
              {t(isExpanded ? BRAIN_DUMP_MESSAGES.hideDescription : BRAIN_DUMP_MESSAGES.addDescription)}
            </Button>
          </Group>
          <div id={descriptionId} hidden={!isExpanded}>
            <Textarea
              label={t(IDEAS_TEXTS.description)}
              description={t(BRAIN_DUMP_MESSAGES.descriptionHint)}
              rows={4}
              resize="vertical"
              error={errors.description?.message}
              {...form.register("description")}
            />
          </div>
          <TagPicker value={tags} onChange={setTags} />
          <AnalysisResult
            request={analysis.request}
            onUseTitle={form.putTitle}
            onOpenIdea={onOpenIdea}
            onClose={analysis.close}
            tagging={{ tags, onAddTag: (name) => setTags((current) => withTag(current, name)) }}
          />
          <ActionFeedback error={form.formError} onRetry={() => save(form.tookStep())} />
          <div role="status">
            {saved && (
              <Group gap="xs">
                <Text size="sm" c={saved.idea ? "green.9" : "orange.9"} fw={600}>
                  {saved.message}
                </Text>
                {saved.idea && (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => saved.idea && onOpenIdea(saved.idea.id)}
                  >
                    {t(BRAIN_DUMP_MESSAGES.openSaved, { title: saved.idea.title })}
                  </Anchor>
                )}
              </Group>
            )}
          </div>
          <WaitingIdeas />
          <Group gap="sm">
            <Button type="submit" variant="default" loading={form.isSaving(false)}>
              {t(BRAIN_DUMP_MESSAGES.saveDraft)}
            </Button>
            <Button
              type="button"
              rightSection={<IconSend size={16} aria-hidden />}
              loading={form.isSaving(true)}
              onClick={() => save(true)}
            >
              {t(TRANSITION_LABELS.submitted)}
            </Button>
            <AnalyzeButton
              disabled={title.trim() === ""}
              onClick={() => {
                const values = form.getValues();
                analysis.analyze({
                  title: values.title.trim(),
                  description: values.description.trim(),
                  challengeId: challenge?.id ?? null,
                });
              }}
            />
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Ideas close to the title being typed; each opens in the idea dialog. */
function SimilarIdeas({ ideas, onOpenIdea }: { ideas: Idea[]; onOpenIdea: (ideaId: string) => void }) {
  const headingId = useId();
  return (
    <>
      <VisuallyHidden role="status">
        {ideas.length === 0 ? "" : t(BRAIN_DUMP_MESSAGES.similarFound, { count: ideas.length })}
      </VisuallyHidden>
      {ideas.length > 0 && (
        <Paper component="section" aria-labelledby={headingId} bg="gray.0" p="sm" radius="sm">
          <Text id={headingId} size="sm" fw={700} component="h3" m={0}>
            {t(BRAIN_DUMP_MESSAGES.similarTitle)}
          </Text>
          <Text size="xs" c="gray.7" mb={6}>
            {t(BRAIN_DUMP_MESSAGES.similarHint)}
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
            {ideas.map((idea) => (
              <li key={idea.id}>
                <IdeaLine idea={idea} fact={t(IDEAS_TEXTS.votes, { count: idea.votes })} onOpenIdea={onOpenIdea} />
              </li>
            ))}
          </Stack>
        </Paper>
      )}
    </>
  );
}
