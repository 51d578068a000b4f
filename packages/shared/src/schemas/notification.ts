import { z } from "zod";

/** Notification entity of spec section 3. */
export const NotificationSchema = z.object({
  id: z.string(),
  _id: z.string(),
  type: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  content: z.string(),
  actor_name: z.string().nullable(),
  project_idea_title: z.string().nullable(),
  related_idea_id: z.string().nullable(),
  related_request_id: z.string().nullable(),
  /**
   * Where the admin request of `related_request_id` stands now (null without one), so the bell
   * offers Approve and Deny only while it is pending.
   */
  request_status: z.enum(["pending", "approved", "denied"]).nullable(),
  /** What the request of `related_request_id` asks for: administrator rights or to manage a team. */
  request_kind: z.enum(["admin", "manager"]).nullable().default(null),
  /** The team a manager request is about (id and current name); null otherwise. */
  request_team_id: z.string().nullable().default(null),
  request_team_name: z.string().nullable().default(null),
  challenge_title: z.string().nullable(),
  challenge_scope: z.enum(["team", "company"]).default("company"),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(NotificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});

export const MarkNotificationsReadRequestSchema = z.object({
  ids: z.array(z.string().max(100)).max(500).optional(),
});
