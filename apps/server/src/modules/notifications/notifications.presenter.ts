import { describeNotification, type Notification, type Translate } from "@ideaport/shared";
import type { NotificationWithRequest } from "./notifications.repository.ts";

/**
 * A notification as the bell reads it: `_id` beside `id`, `read` from read_at, scope defaults to
 * company, where its admin request stands, what it asks for and its team; and `content`, the
 * shared sentence of these facts for the recipient in their language (`t`), so it is exactly what
 * the web app renders.
 */
export function presentNotification(row: NotificationWithRequest, t: Translate): Notification {
  const hasRequest = row.relatedRequestId !== null;
  const notification: Notification = {
    id: row.id,
    _id: row.id,
    type: row.type,
    read: row.readAt !== null,
    created_at: row.createdAt,
    content: row.content,
    actor_id: row.actorId,
    actor_name: row.actorName,
    subject_id: row.subjectId,
    project_idea_title: row.projectIdeaTitle,
    related_idea_id: row.relatedIdeaId,
    related_request_id: row.relatedRequestId,
    related_challenge_id: row.relatedChallengeId,
    note: row.note,
    request_status: hasRequest ? row.requestStatus : null,
    request_kind: hasRequest ? row.requestKind : null,
    request_team_id: hasRequest ? row.requestTeamId : null,
    request_team_name: hasRequest ? row.requestTeamName : null,
    challenge_title: row.challengeTitle,
    challenge_scope: row.challengeScope ?? "company",
    related_reward_id: row.relatedRewardId,
    reward_title: row.rewardTitle,
  };
  notification.content = describeNotification(notification, { id: row.userId }, t);
  return notification;
}
