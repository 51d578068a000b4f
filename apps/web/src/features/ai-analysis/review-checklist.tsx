import { evaluateChecklist, type IdeaDetail } from "@ideaport/shared";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { ChecklistList } from "./checklist-list.tsx";

/**
 * The reviewer's view of the author's checklist: the same verdicts the author saw on Analyze,
 * computed here from the idea's text (no request, no rate limit spent).
 */
export function ReviewChecklist({ idea }: { idea: Pick<IdeaDetail, "title" | "description" | "challenge"> }) {
  const headingId = useId();
  const items = evaluateChecklist({
    title: idea.title,
    description: idea.description,
    challenge: idea.challenge ? { title: idea.challenge.title } : null,
  });
  const answered = items.filter((item) => item.ok).length;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          Reviewer's checklist
        </Title>
        <Text size="xs" c="gray.7">
          {answered} of {items.length} answered, as the author's Analyze showed them.
        </Text>
        <ChecklistList items={items} />
      </Stack>
    </Paper>
  );
}
