import { type ChecklistItem, evaluateChecklist, type IdeaDetail, type IdeaHistoryEntry } from "@ideaport/shared";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { ChecklistList } from "./checklist-list.tsx";

/** The steps in which the author sends the idea's text for review. */
const SUBMISSION_STEPS: readonly IdeaHistoryEntry["to_status"][] = ["submitted", "revision_submitted"];

function answeredOf(items: ChecklistItem[]): string {
  return `${items.filter((item) => item.ok).length} of ${items.length} answered`;
}

/**
 * The reviewer's checklist as it was computed when the author sent the text under review (the
 * verdicts the author's Analyze gives for that text), labelled with that moment. After a revision
 * it also says how the earlier submission fared and marks each verdict that changed. An idea
 * submitted before checklists were kept gets one computed now on its current text, and says so.
 */
export function ReviewChecklist({
  idea,
}: {
  idea: Pick<IdeaDetail, "title" | "description" | "challenge" | "history">;
}) {
  const headingId = useId();
  const submissions = idea.history.filter((entry) => SUBMISSION_STEPS.includes(entry.to_status));
  const latest = submissions.at(-1);
  const earlier = submissions.at(-2);
  const kept = latest?.checklist ?? null;
  const items =
    kept ??
    evaluateChecklist(
      {
        title: idea.title,
        description: idea.description,
        challenge: idea.challenge ? { title: idea.challenge.title } : null,
      },
      t,
    );
  const author = latest?.actor?.display_name ?? "The author";
  const sent = latest?.to_status === "revision_submitted" ? "resubmitted" : "submitted";

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          Reviewer's checklist
        </Title>
        {kept && latest ? (
          <Text size="xs" c="gray.7">
            Checked when {author} {sent} it, {formatDateTime(latest.created_at)}: {answeredOf(kept)}. Analyze gives its
            author the same verdicts for that text.
          </Text>
        ) : (
          <Text size="xs" c="gray.7">
            Checked now on the current text: {answeredOf(items)}. No checklist was kept when it was submitted.
          </Text>
        )}
        {kept && earlier?.checklist && (
          <Text size="xs" c="gray.7">
            At the earlier submission, {formatDateTime(earlier.created_at)}: {answeredOf(earlier.checklist)}.
          </Text>
        )}
        <ChecklistList items={items} earlier={kept ? (earlier?.checklist ?? undefined) : undefined} />
      </Stack>
    </Paper>
  );
}
