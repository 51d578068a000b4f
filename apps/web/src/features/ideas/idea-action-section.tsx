import type { IdeaAction } from "@ideaport/shared";
import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatCalendarDay } from "../../lib/format.ts";
import { t, tRich } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { ACTION_STATUS_LABELS, IDEA_DETAIL_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";

const bold = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** What became of an approved idea: its action's owner, due date and status, for everyone who sees it. */
export function ActionSection({ action }: { action: IdeaAction }) {
  return (
    <DetailSection title={t(IDEA_DETAIL_MESSAGES.actionTitle)}>
      <Group gap="lg">
        <Text size="sm">
          {tRich(IDEA_DETAIL_MESSAGES.actionOwner, {
            name: action.owner?.display_name ?? t(IDEA_DETAIL_MESSAGES.nobodyYet),
            b: bold,
          })}
        </Text>
        <Text size="sm">
          {tRich(IDEA_DETAIL_MESSAGES.actionDue, {
            date: action.due_date ? formatCalendarDay(action.due_date) : t(IDEAS_TEXTS.noDueDate),
            b: bold,
          })}
        </Text>
        <Text size="sm">
          {tRich(IDEA_DETAIL_MESSAGES.actionStatus, { status: t(ACTION_STATUS_LABELS[action.status]), b: bold })}
        </Text>
      </Group>
    </DetailSection>
  );
}
