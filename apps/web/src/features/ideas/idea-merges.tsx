import type { IdeaDetail, PossibleDuplicate } from "@ideaport/shared";
import { Anchor, Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { type IdeaMergeInput, useMergeIdea, usePossibleDuplicates } from "./ideas.queries.ts";
import { MERGE_MESSAGES } from "./ideas.texts.ts";
import { PendingDecision, useHeldStep } from "./review-actions.tsx";

/** On a merged idea: it was merged, and into which idea (a link that opens it). */
export function MergedInto({ idea, onOpenIdea }: { idea: IdeaDetail; onOpenIdea?: (ideaId: string) => void }) {
  if (!idea.merged_into) return null;
  const target = idea.merged_into;
  return (
    <Paper bg="grape.0" p="sm" radius="md">
      <Text size="sm">
        {t(MERGE_MESSAGES.mergedInto)}{" "}
        {onOpenIdea ? (
          <Anchor component="button" type="button" size="sm" fw={700} onClick={() => onOpenIdea(target.id)}>
            {target.title}
          </Anchor>
        ) : (
          <strong>{target.title}</strong>
        )}
      </Text>
    </Paper>
  );
}

/** The authors of the ideas merged into this one, named as contributors. */
export function Contributors({ idea }: { idea: IdeaDetail }) {
  if (idea.contributors.length === 0) return null;
  return (
    <Text size="sm">
      {t(MERGE_MESSAGES.contributors, { names: idea.contributors.map((person) => person.display_name).join(", ") })}
    </Text>
  );
}

/**
 * For a reviewer of an idea still open: the ideas that may be the same, each with why (similar
 * text, people who said it is the same as theirs) and a Merge button that merges it into this
 * idea after a confirming dialog; the merge then waits DECISION_UNDO_SECONDS with Undo.
 */
export function PossibleDuplicates({
  idea,
  onOpenIdea,
  onMerged,
}: {
  idea: IdeaDetail;
  onOpenIdea?: (ideaId: string) => void;
  onMerged: (message: string) => void;
}) {
  const duplicates = usePossibleDuplicates(idea.id, true);
  const merge = useMergeIdea();
  const [confirming, setConfirming] = useState<PossibleDuplicate | null>(null);
  const held = useHeldStep<IdeaMergeInput>((input) =>
    merge.mutate(input, { onSuccess: () => onMerged(t(MERGE_MESSAGES.merged)) }),
  );
  const pendingTitle = held.pending
    ? duplicates.data?.find((candidate) => candidate.idea.id === held.pending?.ideaId)?.idea.title
    : undefined;

  return (
    <DetailSection title={t(MERGE_MESSAGES.heading)}>
      {duplicates.isError && <ActionFeedback error={errorMessageOf(duplicates.error)} />}
      {duplicates.data && duplicates.data.length === 0 && (
        <Text size="sm" c="gray.7">
          {t(MERGE_MESSAGES.none)}
        </Text>
      )}
      {duplicates.data && duplicates.data.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {duplicates.data.map((candidate) => (
            <li key={candidate.idea.id}>
              <Paper withBorder p="sm" radius="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2}>
                    {onOpenIdea ? (
                      <Anchor component="button" type="button" fw={700} onClick={() => onOpenIdea(candidate.idea.id)}>
                        {candidate.idea.title}
                      </Anchor>
                    ) : (
                      <Text fw={700}>{candidate.idea.title}</Text>
                    )}
                    <Text size="xs" c="gray.7">
                      {[
                        candidate.idea.author.display_name,
                        ...(candidate.similar_text ? [t(MERGE_MESSAGES.similarText)] : []),
                        ...(candidate.same_votes > 0
                          ? [t(MERGE_MESSAGES.sameVotes, { count: candidate.same_votes })]
                          : []),
                      ].join(" · ")}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={held.pending !== null || merge.isPending}
                    aria-label={t(MERGE_MESSAGES.mergeButtonOf, { title: candidate.idea.title })}
                    onClick={() => setConfirming(candidate)}
                  >
                    {t(MERGE_MESSAGES.mergeButton)}
                  </Button>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      {held.pending && (
        <PendingDecision
          text={t(MERGE_MESSAGES.pending, { duplicate: pendingTitle ?? "", target: idea.title })}
          secondsLeft={held.secondsLeft}
          onUndo={held.undo}
        />
      )}
      {merge.isError && <ActionFeedback error={errorMessageOf(merge.error)} />}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(MERGE_MESSAGES.dialogTitle)}
        closeButtonProps={{ "aria-label": t(MERGE_MESSAGES.cancel) }}
      >
        {confirming && (
          <Stack gap="md">
            <Text size="sm">
              {t(MERGE_MESSAGES.question, { duplicate: confirming.idea.title, target: idea.title })}
            </Text>
            <Text size="sm">{t(MERGE_MESSAGES.whatHappens, { author: confirming.idea.author.display_name })}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t(MERGE_MESSAGES.cancel)}
              </Button>
              <Button
                onClick={() => {
                  merge.reset();
                  held.hold({ ideaId: confirming.idea.id, into: idea.id });
                  setConfirming(null);
                }}
              >
                {t(MERGE_MESSAGES.confirm)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </DetailSection>
  );
}
