import { IDEA_STATUS_LABELS, type IdeaHistoryEntry } from "@ideaport/shared";
import { Box, Group, Text } from "@mantine/core";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { IdeaStatusBadge } from "./idea-ui.tsx";
import { IDEA_DETAIL_MESSAGES } from "./ideas.texts.ts";

/** Every status change, oldest first, with who made it and their note. */
export function HistorySection({ history }: { history: IdeaHistoryEntry[] }) {
  return (
    <DetailSection title="Status history">
      {history.length === 0 ? (
        <Text size="sm" c="gray.7">
          {IDEA_DETAIL_MESSAGES.noHistory}
        </Text>
      ) : (
        <Box component="ol" m={0} pl="md" style={{ display: "grid", gap: "var(--mantine-spacing-xs)" }}>
          {history.map((entry) => (
            <li key={entry.id}>
              <Group gap="xs" wrap="wrap">
                <IdeaStatusBadge status={entry.to_status} />
                <Text size="sm">
                  {entry.actor ? `by ${entry.actor.display_name}` : ""}
                  {entry.actor ? " · " : ""}
                  {formatDateTime(entry.created_at)}
                </Text>
              </Group>
              {entry.from_status && (
                <Text size="xs" c="gray.7">
                  from {t(IDEA_STATUS_LABELS[entry.from_status])}
                </Text>
              )}
              {entry.note && (
                <Text size="sm" mt={2} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  Note: {entry.note}
                </Text>
              )}
            </li>
          ))}
        </Box>
      )}
    </DetailSection>
  );
}
