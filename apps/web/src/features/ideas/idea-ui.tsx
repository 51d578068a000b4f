import { IDEA_STATUS_LABELS, IDEA_TRANSITIONS, type IdeaStatus } from "@ideaport/shared";
import { Anchor, Badge, Group, Text } from "@mantine/core";
import { IconMessageCircle, IconThumbUp } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { t } from "../../lib/i18n.ts";
import { IDEAS_TEXTS } from "./ideas.texts.ts";

/** The dot colour per status; the label itself stays dark text on white, readable in every status. */
const STATUS_COLORS: Readonly<Record<IdeaStatus, string>> = {
  draft: "gray",
  submitted: "brand",
  under_review: "yellow",
  needs_revision: "orange",
  revision_submitted: "cyan",
  pending_review: "violet",
  approved: "green",
  rejected: "red",
  merged: "grape",
};

/** An idea's status as a small labelled badge ("Under review") with a coloured dot. */
export function IdeaStatusBadge({ status }: { status: IdeaStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" radius="sm" tt="none" c="dark.7">
      {t(IDEA_STATUS_LABELS[status])}
    </Badge>
  );
}

/** Steps the author takes with the edit form (its text goes along); reviewers take the others. */
export const AUTHOR_STEPS: readonly IdeaStatus[] = ["submitted", "revision_submitted"];

/** True when the lifecycle table asks for a note on every row that leads to `to` (a revision request). */
export function requiresNote(to: IdeaStatus): boolean {
  const rows = IDEA_TRANSITIONS.filter((row) => row.to === to);
  return rows.length > 0 && rows.every((row) => row.requiresNote === true);
}

/**
 * One idea in a short list (similar ideas): its title, which opens it when `onOpenIdea` is given,
 * then a small fact about it (votes, likeness) and its status.
 */
export function IdeaLine({
  idea,
  fact,
  onOpenIdea,
}: {
  idea: { id: string; title: string; status: IdeaStatus };
  fact: ReactNode;
  onOpenIdea?: ((ideaId: string) => void) | undefined;
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      {onOpenIdea ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          style={{ overflowWrap: "anywhere" }}
          onClick={() => onOpenIdea(idea.id)}
        >
          {idea.title}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {idea.title}
        </Text>
      )}
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="gray.7">
          {fact}
        </Text>
        <IdeaStatusBadge status={idea.status} />
      </Group>
    </Group>
  );
}

/** An idea's votes and comments, each with its icon, as its cards count them. */
export function IdeaCounts({ idea }: { idea: { votes: number; comment_count: number } }) {
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <IconThumbUp size={14} aria-hidden />
        <Text size="xs">{t(IDEAS_TEXTS.votes, { count: idea.votes })}</Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconMessageCircle size={14} aria-hidden />
        <Text size="xs">{t(IDEAS_TEXTS.comments, { count: idea.comment_count })}</Text>
      </Group>
    </>
  );
}
