import { IDEA_MESSAGES, type IdeaDetail, type OwnIdeaReviewer } from "@ideaport/shared";
import { Alert, Stack, Text } from "@mantine/core";
import { ReviewPanel } from "./review-actions.tsx";

/** The reviewer's latest request, while the idea waits for the author's revision. */
export function RevisionRequest({ idea }: { idea: IdeaDetail }) {
  if (idea.status !== "needs_revision") return null;
  const request = [...idea.history].reverse().find((entry) => entry.to_status === "needs_revision");
  const reviewer = request?.actor?.display_name ?? "The reviewer";
  return (
    <Alert color="orange" variant="light" title="Revision requested">
      <Stack gap={4}>
        <Text size="sm">
          {reviewer} asked for changes{idea.can_edit ? ". Edit your idea below, then resubmit it." : "."}
        </Text>
        {request?.note && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            “{request.note}”
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Why a rejected idea is not taken forward: the decider's reason, as they wrote it. */
export function RejectionReason({ idea }: { idea: IdeaDetail }) {
  if (idea.status !== "rejected") return null;
  const decision = [...idea.history].reverse().find((entry) => entry.to_status === "rejected");
  if (!decision?.note) return null;
  return (
    <Alert color="gray" variant="light" title="Not taken forward">
      <Stack gap={4}>
        <Text size="sm">{decision.actor?.display_name ?? "The reviewer"} gave this reason:</Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          “{decision.note}”
        </Text>
      </Stack>
    </Alert>
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
        {reviewer === "another_administrator"
          ? IDEA_MESSAGES.ownIdeaAnotherAdministrator
          : IDEA_MESSAGES.ownIdeaAnotherReviewer}
      </Text>
    </ReviewPanel>
  );
}
