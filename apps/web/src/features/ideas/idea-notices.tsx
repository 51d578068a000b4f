import {
  IDEA_MESSAGES,
  type IdeaDetail,
  type IdeaHistoryEntry,
  type IdeaStatus,
  type OwnIdeaReviewer,
} from "@ideaport/shared";
import { Alert, Stack, Text } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { IDEA_DETAIL_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";
import { ReviewPanel } from "./review-actions.tsx";

/** The latest step that took the idea to `status`: who took it and their note. */
function latestStepTo(idea: IdeaDetail, status: IdeaStatus): IdeaHistoryEntry | undefined {
  return [...idea.history].reverse().find((entry) => entry.to_status === status);
}

/** A reviewer's step as an alert: what they did, then their note in quotes. */
function StepNote({ color, title, lead, note }: { color: string; title: string; lead: string; note?: string | null }) {
  return (
    <Alert color={color} variant="light" title={title}>
      <Stack gap={4}>
        <Text size="sm">{lead}</Text>
        {note && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {t(IDEAS_TEXTS.quoted, { text: note })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The reviewer's latest request, while the idea waits for the author's revision. */
export function RevisionRequest({ idea }: { idea: IdeaDetail }) {
  if (idea.status !== "needs_revision") return null;
  const request = latestStepTo(idea, "needs_revision");
  const reviewer = request?.actor?.display_name ?? t(IDEA_DETAIL_MESSAGES.theReviewer);
  return (
    <StepNote
      color="orange"
      title={t(IDEA_DETAIL_MESSAGES.revisionRequested)}
      lead={t(idea.can_edit ? IDEA_DETAIL_MESSAGES.askedForChangesEdit : IDEA_DETAIL_MESSAGES.askedForChanges, {
        reviewer,
      })}
      note={request?.note}
    />
  );
}

/** Why a rejected idea is not taken forward: the decider's reason, as they wrote it. */
export function RejectionReason({ idea }: { idea: IdeaDetail }) {
  if (idea.status !== "rejected") return null;
  const decision = latestStepTo(idea, "rejected");
  if (!decision?.note) return null;
  return (
    <StepNote
      color="gray"
      title={t(IDEA_DETAIL_MESSAGES.notTakenForward)}
      lead={t(IDEA_DETAIL_MESSAGES.gaveReason, {
        name: decision.actor?.display_name ?? t(IDEA_DETAIL_MESSAGES.theReviewer),
      })}
      note={decision.note}
    />
  );
}

/**
 * In place of the decision buttons, for a manager or admin looking at their own idea: why they
 * do not decide, and who does.
 */
export function OwnIdeaReview({ reviewer }: { reviewer: OwnIdeaReviewer }) {
  return (
    <ReviewPanel>
      <Text size="sm">
        {t(
          reviewer === "another_administrator"
            ? IDEA_MESSAGES.ownIdeaAnotherAdministrator
            : IDEA_MESSAGES.ownIdeaAnotherReviewer,
        )}
      </Text>
    </ReviewPanel>
  );
}
