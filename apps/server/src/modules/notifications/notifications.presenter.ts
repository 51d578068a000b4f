import type { Notification } from "@ideaport/shared";
import type { NotificationWithRequest } from "./notifications.service.ts";

/**
 * The Notification entity of spec section 3: `_id` beside `id`, `read` from read_at, scope
 * defaults to company; plus where its admin request stands, what it asks for and its team.
 */
export function presentNotification(row: NotificationWithRequest): Notification {
  return {
    id: row.id,
    _id: row.id,
    type: row.type,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    content: row.content,
    actor_name: row.actorName,
    project_idea_title: row.projectIdeaTitle,
    related_idea_id: row.relatedIdeaId,
    related_request_id: row.relatedRequestId,
    request_status: row.relatedRequestId === null ? null : row.requestStatus,
    request_kind: row.relatedRequestId === null ? null : row.requestKind,
    request_team_id: row.relatedRequestId === null ? null : row.requestTeamId,
    request_team_name: row.relatedRequestId === null ? null : row.requestTeamName,
    challenge_title: row.challengeTitle,
    challenge_scope: row.challengeScope ?? "company",
  };
}
