import type { IdeaAction } from "@ideaport/shared";
import { Group, Text } from "@mantine/core";
import { formatCalendarDay } from "../../lib/format.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { ACTION_STATUS_LABELS } from "./ideas.texts.ts";

/** What became of an approved idea: its action's owner, due date and status, for everyone who sees it. */
export function ActionSection({ action }: { action: IdeaAction }) {
  return (
    <DetailSection title="Action">
      <Group gap="lg">
        <Text size="sm">
          Owner: <strong>{action.owner?.display_name ?? "Nobody yet"}</strong>
        </Text>
        <Text size="sm">
          Due: <strong>{action.due_date ? formatCalendarDay(action.due_date) : "No due date"}</strong>
        </Text>
        <Text size="sm">
          Status: <strong>{ACTION_STATUS_LABELS[action.status]}</strong>
        </Text>
      </Group>
    </DetailSection>
  );
}
