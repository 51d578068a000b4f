/** Notification types of spec section 9. */
export const NOTIFICATION_TYPES = [
  "admin_request",
  "admin_approved",
  "admin_denied",
  "admin_request_response",
  "idea_submitted",
  "idea_status_needs_revision",
  "project_pending_review",
  "idea_status_pending_review",
  "project_approved",
  "idea_status_approved",
  "project_rejected",
  "idea_status_rejected",
  "idea_status_under_review",
  "idea_revision_submitted",
  "new_team_submission",
  "revision_received",
  "new_comment",
  "new_team_comment",
  "rewards_available",
  "rewards_redeemed",
  "new_challenge_posted",
  "challenge_proposal_received",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification types that carry Approve and Deny actions in the bell. */
export function isActionableAdminRequest(type: string): boolean {
  return type === "admin_request";
}
