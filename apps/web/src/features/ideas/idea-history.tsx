import { IDEA_STATUS_LABELS, type IdeaHistoryEntry } from "@ideaport/shared";
import { Box, Group, Text } from "@mantine/core";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { IdeaStatusBadge } from "./idea-ui.tsx";
import { IDEA_DETAIL_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";

/** Every status change, oldest first, with who made it and their note. */
export function HistorySection({ history }: { history: IdeaHistoryEntry[] }) {
  return (
    <DetailSection title={t(IDEA_DETAIL_MESSAGES.historyTitle)}>
      {history.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(IDEA_DETAIL_MESSAGES.noHistory)}
        </Text>
      ) : (
        <Box component="ol" m={0} pl="md" style={{ display: "grid", gap: "var(--mantine-spacing-xs)" }}>
          {history.map((entry) => (
            <li key={entry.id}>
              <Group gap="xs" wrap="wrap">
                <IdeaStatusBadge status={entry.to_status} />
                <Text size="sm">
                  {entry.actor ? t(IDEAS_TEXTS.by, { name: entry.actor.display_name }) : ""}
                  {entry.actor ? " · " : ""}
                  {formatDateTime(entry.created_at)}
                </Text>
              </Group>
              {entry.from_status && (
                <Text size="xs" c="gray.7">
                  {t(IDEA_DETAIL_MESSAGES.fromStatus, { status: t(IDEA_STATUS_LABELS[entry.from_status]) })}
                </Text>
              )}
              {entry.note && (
                <Text size="sm" mt={2} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {t(IDEA_DETAIL_MESSAGES.note, { note: entry.note })}
                </Text>
              )}
            </li>
          ))}
        </Box>
      )}
    </DetailSection>
  );
}
