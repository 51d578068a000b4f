import type { IdeaRevision } from "@ideaport/shared";
import { Group, Paper, Stack, Text } from "@mantine/core";
import { formatDateTime } from "../../lib/format.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { IDEA_DETAIL_MESSAGES } from "./ideas.texts.ts";

/** A field's text before or after a revision, with its label. */
function TextVersion({ label, text, bg }: { label: string; text: string; bg: string }) {
  return (
    <Paper bg={bg} p="xs" radius="sm" style={{ flex: "1 1 14rem" }}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text === "" ? "(empty)" : text}
      </Text>
    </Paper>
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
        <TextVersion label="Before" text={before} bg="gray.0" />
        <TextVersion label="After" text={after} bg="green.0" />
      </Group>
    </Stack>
  );
}

/** The author's edits after submission, each with what changed. */
export function RevisionsSection({ revisions }: { revisions: IdeaRevision[] }) {
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
