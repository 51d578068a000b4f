import { type AiAnalysis, type SimilarIdea, TAGS_PER_IDEA_MAX } from "@ideaport/shared";
import { Badge, Button, CloseButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { IdeaLine, useVoteForIdea } from "../ideas/index.ts";
import { TAG_MESSAGES } from "../tags/index.ts";
import { useAnalyzeIdea } from "./ai-analysis.queries.ts";
import { AI_ANALYSIS_PANEL_MESSAGES } from "./ai-analysis.texts.ts";
import type { AnalysisRequest, SuggestedTagging } from "./analysis-request.ts";
import { ChecklistList } from "./checklist-list.tsx";

/** What a reviewer will make of the idea: the checklist, similar ideas, a clearer title and tags. */
export function AiAnalysisPanel({
  request,
  onUseTitle,
  onOpenIdea,
  onClose,
  tagging,
}: {
  request: AnalysisRequest;
  onUseTitle: (title: string) => void;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
  onClose: () => void;
  tagging?: SuggestedTagging | undefined;
}) {
  const headingId = useId();
  const analyze = useAnalyzeIdea();
  const { mutate } = analyze;
  const [titleUsed, setTitleUsed] = useState(false);

  // Each press of Analyze (a new sequence number) asks again with the text as it was then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sequence alone says when to ask
  useEffect(() => {
    setTitleUsed(false);
    mutate({
      title: request.title,
      description: request.description,
      challenge_id: request.challengeId ?? null,
      idea_id: request.ideaId ?? null,
    });
  }, [request.sequence, mutate]);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" bg="gray.0">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            {t(AI_ANALYSIS_PANEL_MESSAGES.title)}
          </Title>
          <CloseButton aria-label={t(AI_ANALYSIS_PANEL_MESSAGES.close)} onClick={onClose} />
        </Group>
        {analyze.isPending && <LoadingState label={t(AI_ANALYSIS_PANEL_MESSAGES.loading)} />}
        {analyze.isError && (
          <ErrorState
            message={errorMessageOf(analyze.error)}
            onRetry={() =>
              mutate({
                title: request.title,
                description: request.description,
                challenge_id: request.challengeId ?? null,
                idea_id: request.ideaId ?? null,
              })
            }
          />
        )}
        {analyze.data && (
          <AnalysisContent
            analysis={analyze.data}
            titleUsed={titleUsed}
            onUseTitle={(title) => {
              onUseTitle(title);
              setTitleUsed(true);
            }}
            onOpenIdea={onOpenIdea}
            tagging={tagging}
          />
        )}
      </Stack>
    </Paper>
  );
}

function AnalysisContent({
  analysis,
  titleUsed,
  onUseTitle,
  onOpenIdea,
  tagging,
}: {
  analysis: AiAnalysis;
  titleUsed: boolean;
  onUseTitle: (title: string) => void;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
  tagging?: SuggestedTagging | undefined;
}) {
  const suggestionId = useId();
  return (
    <Stack gap="md">
      <Text size="xs" c="gray.7">
        {analysis.provider === "language_model"
          ? t(AI_ANALYSIS_PANEL_MESSAGES.languageModel)
          : t(AI_ANALYSIS_PANEL_MESSAGES.builtin)}
      </Text>
      {analysis.suggested_title && (
        <Stack gap={4} component="section" aria-labelledby={suggestionId}>
          <Text size="sm" fw={700} component="h4" m={0} id={suggestionId}>
            {t(AI_ANALYSIS_PANEL_MESSAGES.suggestedTitle)}
          </Text>
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {analysis.suggested_title}
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              disabled={titleUsed}
              onClick={() => analysis.suggested_title && onUseTitle(analysis.suggested_title)}
            >
              {t(AI_ANALYSIS_PANEL_MESSAGES.useTitle)}
            </Button>
          </Group>
          <Text size="xs" c="green.9" role="status">
            {titleUsed ? t(AI_ANALYSIS_PANEL_MESSAGES.titleUsed) : ""}
          </Text>
        </Stack>
      )}
      {analysis.summary && (
        <Stack gap={4}>
          <Text size="sm" fw={700} component="h4" m={0}>
            {t(AI_ANALYSIS_PANEL_MESSAGES.summary)}
          </Text>
          <Text size="sm">{analysis.summary}</Text>
        </Stack>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={700} component="h4" m={0}>
          {t(AI_ANALYSIS_PANEL_MESSAGES.reviewerLooksFor)}
        </Text>
        <ChecklistList items={analysis.checklist} />
      </Stack>
      <SimilarIdeasList ideas={analysis.similar} onOpenIdea={onOpenIdea} />
      {analysis.suggested_tags.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={700} component="h4" m={0}>
            {t(AI_ANALYSIS_PANEL_MESSAGES.suggestedTags)}
          </Text>
          <Group
            gap={6}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: "none" }}
            aria-label={t(AI_ANALYSIS_PANEL_MESSAGES.suggestedTags)}
          >
            {analysis.suggested_tags.map((tag) => (
              <li key={tag}>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light" tt="none">
                    {tag}
                  </Badge>
                  {tagging && <AddAsTagButton name={tag} tagging={tagging} />}
                </Group>
              </li>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function SimilarIdeasList({
  ideas,
  onOpenIdea,
}: {
  ideas: SimilarIdea[];
  onOpenIdea?: ((ideaId: string) => void) | undefined;
}) {
  const headingId = useId();
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId}>
      <Text size="sm" fw={700} component="h4" m={0} id={headingId}>
        {t(AI_ANALYSIS_PANEL_MESSAGES.similarIdeas)}
      </Text>
      {ideas.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(AI_ANALYSIS_PANEL_MESSAGES.noSimilar)}
        </Text>
      ) : (
        <>
          <Text size="xs" c="gray.7">
            {t(AI_ANALYSIS_PANEL_MESSAGES.similarHint)}
          </Text>
          <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: "none" }}>
            {ideas.map((idea) => (
              <SimilarIdeaItem key={idea.id} idea={idea} onOpenIdea={onOpenIdea} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function SimilarIdeaItem({
  idea,
  onOpenIdea,
}: {
  idea: SimilarIdea;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
}) {
  const vote = useVoteForIdea(idea.id);
  const hasVoted = idea.has_voted || vote.data?.has_voted === true;
  return (
    <li>
      <Stack gap={4}>
        <IdeaLine
          idea={idea}
          fact={t(AI_ANALYSIS_PANEL_MESSAGES.alike, { similarity: idea.similarity })}
          onOpenIdea={onOpenIdea}
        />
        {idea.can_vote && !hasVoted && (
          <Group>
            <Button
              size="compact-sm"
              variant="default"
              loading={vote.isPending}
              aria-label={t(AI_ANALYSIS_PANEL_MESSAGES.sameAsMineOf, { title: idea.title })}
              onClick={() => vote.mutate(true)}
            >
              {t(AI_ANALYSIS_PANEL_MESSAGES.sameAsMine)}
            </Button>
          </Group>
        )}
        <Text size="xs" role="status" c={vote.isError ? "red.9" : "green.9"}>
          {vote.isError
            ? errorMessageOf(vote.error)
            : vote.isSuccess
              ? t(AI_ANALYSIS_PANEL_MESSAGES.voted, { title: idea.title })
              : hasVoted
                ? t(AI_ANALYSIS_PANEL_MESSAGES.alreadyVoted)
                : ""}
        </Text>
      </Stack>
    </li>
  );
}

/** "Add as tag" beside a suggested tag: one click puts it on the idea being written. */
function AddAsTagButton({ name, tagging }: { name: string; tagging: SuggestedTagging }) {
  const added = tagging.tags.some((tag) => tag.toLowerCase() === name.toLowerCase());
  if (added) {
    return (
      <Text size="xs" c="green.9" fw={600}>
        {t(TAG_MESSAGES.added)}
      </Text>
    );
  }
  const full = tagging.tags.length >= TAGS_PER_IDEA_MAX;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconPlus size={12} aria-hidden />}
      aria-label={t(TAG_MESSAGES.addAsTagOf, { name })}
      title={full ? t(TAG_MESSAGES.full, { max: TAGS_PER_IDEA_MAX }) : undefined}
      disabled={full}
      onClick={() => tagging.onAddTag(name)}
    >
      {t(TAG_MESSAGES.addAsTag)}
    </Button>
  );
}
