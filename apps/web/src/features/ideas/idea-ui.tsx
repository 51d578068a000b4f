import { IDEA_STATUS_LABELS, IDEA_TRANSITIONS, type IdeaStatus } from "@ideaport/shared";
import { Badge } from "@mantine/core";

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
};

/** An idea's status as a small labelled badge ("Under review") with a coloured dot. */
export function IdeaStatusBadge({ status }: { status: IdeaStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" radius="sm" tt="none" c="dark.7">
      {IDEA_STATUS_LABELS[status]}
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
