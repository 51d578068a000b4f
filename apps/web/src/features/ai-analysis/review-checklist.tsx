import { type ChecklistItem, evaluateChecklist, type IdeaDetail, type IdeaHistoryEntry } from "@ideaport/shared";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { CHECKLIST_MESSAGES } from "./ai-analysis.texts.ts";
import { ChecklistList } from "./checklist-list.tsx";

/** The steps in which the author sends the idea's text for review. */
const SUBMISSION_STEPS: readonly IdeaHistoryEntry["to_status"][] = ["submitted", "revision_submitted"];

function answeredOf(items: ChecklistItem[]): string {
  return t(CHECKLIST_MESSAGES.answeredCount, {
    answered: items.filter((item) => item.ok).length,
    total: items.length,
  });
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
  const author = latest?.actor?.display_name ?? t(CHECKLIST_MESSAGES.theAuthor);
  const step = latest?.to_status === "revision_submitted" ? "resubmitted" : "submitted";

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t(CHECKLIST_MESSAGES.title)}
        </Title>
        {kept && latest ? (
          <Text size="xs" c="gray.7">
            {t(CHECKLIST_MESSAGES.checkedWhenSent, {
              author,
              step,
              when: formatDateTime(latest.created_at),
              answered: answeredOf(kept),
            })}
          </Text>
        ) : (
          <Text size="xs" c="gray.7">
            {t(CHECKLIST_MESSAGES.checkedNow, { answered: answeredOf(items) })}
          </Text>
        )}
        {kept && earlier?.checklist && (
          <Text size="xs" c="gray.7">
            {t(CHECKLIST_MESSAGES.earlierSubmission, {
              when: formatDateTime(earlier.created_at),
              answered: answeredOf(earlier.checklist),
            })}
          </Text>
        )}
        <ChecklistList items={items} earlier={kept ? (earlier?.checklist ?? undefined) : undefined} />
      </Stack>
    </Paper>
  );
}
