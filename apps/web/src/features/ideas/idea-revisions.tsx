import type { IdeaRevision } from "@ideaport/shared";
import { Group, Paper, Stack, Text } from "@mantine/core";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { IDEA_DETAIL_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";

/** A field's text before or after a revision, with its label. */
function TextVersion({ label, text, bg }: { label: string; text: string; bg: string }) {
  return (
    <Paper bg={bg} p="xs" radius="sm" style={{ flex: "1 1 14rem" }}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text === "" ? t(IDEA_DETAIL_MESSAGES.emptyText) : text}
      </Text>
    </Paper>
  );
}

/** One changed field of a revision: its text before and after. */
function ChangedText({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t(IDEA_DETAIL_MESSAGES.fieldChanged, { field: label })}
      </Text>
      <Group gap="xs" align="stretch" wrap="wrap">
        <TextVersion label={t(IDEA_DETAIL_MESSAGES.before)} text={before} bg="gray.0" />
        <TextVersion label={t(IDEA_DETAIL_MESSAGES.after)} text={after} bg="green.0" />
      </Group>
    </Stack>
  );
}

/** The author's edits after submission, each with what changed. */
export function RevisionsSection({ revisions }: { revisions: IdeaRevision[] }) {
  return (
    <DetailSection title={t(IDEA_DETAIL_MESSAGES.revisionsTitle)}>
      {revisions.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(IDEA_DETAIL_MESSAGES.noRevisions)}
        </Text>
      ) : (
        <Stack gap="md">
          {revisions.map((revision, index) => {
            const titleChanged = revision.before.title !== revision.after.title;
            const descriptionChanged = revision.before.description !== revision.after.description;
            return (
              <Stack
                key={revision.id}
                gap="xs"
                component="article"
                aria-label={t(IDEA_DETAIL_MESSAGES.revisionLabel, { number: index + 1 })}
              >
                <Text size="sm" c="gray.7">
                  {revision.revised_by
                    ? t(IDEA_DETAIL_MESSAGES.revisionByOn, {
                        number: index + 1,
                        name: revision.revised_by.display_name,
                        date: formatDateTime(revision.created_at),
                      })
                    : t(IDEA_DETAIL_MESSAGES.revisionOn, {
                        number: index + 1,
                        date: formatDateTime(revision.created_at),
                      })}
                </Text>
                {titleChanged && (
                  <ChangedText
                    label={t(IDEAS_TEXTS.title)}
                    before={revision.before.title}
                    after={revision.after.title}
                  />
                )}
                {descriptionChanged && (
                  <ChangedText
                    label={t(IDEAS_TEXTS.description)}
                    before={revision.before.description}
                    after={revision.after.description}
                  />
                )}
                {!titleChanged && !descriptionChanged && <Text size="sm">{t(IDEA_DETAIL_MESSAGES.noTextChange)}</Text>}
              </Stack>
            );
          })}
        </Stack>
      )}
    </DetailSection>
  );
}
