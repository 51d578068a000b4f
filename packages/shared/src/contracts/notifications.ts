import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { PageQuerySchema, SuccessSchema } from "./common.ts";

/** A notification as the bell shows it; `_id` repeats `id` for clients that read the old name. */
export const NotificationSchema = z.object({
  id: z.string(),
  _id: z.string(),
  type: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  /** The sentence the recipient sees: `describeNotification` of this notification's facts for them. */
  content: z.string(),
  /** Who acted; the sentence says "you" to them. */
  actor_id: z.string().nullable().default(null),
  actor_name: z.string().nullable(),
  /** Whom the event is about (an idea's author, a request's requester, a challenge's creator). */
  subject_id: z.string().nullable().default(null),
  project_idea_title: z.string().nullable(),
  related_idea_id: z.string().nullable(),
  related_request_id: z.string().nullable(),
  related_challenge_id: z.string().nullable().default(null),
  /** The note of a decision or of a request for revision. */
  note: z.string().nullable().default(null),
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
  /** The reward a reward notification is about (id while it exists, and its title when notified). */
  related_reward_id: z.string().nullable().default(null),
  reward_title: z.string().nullable().default(null),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListResponseSchema = SuccessSchema.extend({
  notifications: z.array(NotificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});

export const MarkNotificationsReadRequestSchema = z.object({
  ids: z.array(z.string().max(100)).max(500).optional(),
});

/** The bell: a person's notifications, and marking them read. */
export const notificationsEndpoints = {
  /** Fixed path: existing clients call it exactly so, trailing slash included. */
  notifications: defineEndpoint({
    tokenScope: "notifications:read",
    method: "GET",
    path: "/api/notifications/:userId/",
    query: PageQuerySchema,
    response: NotificationListResponseSchema,
  }),
  /**
   * Server-Sent Events: `event: notification` with one item of the list's shape as `data`, each
   * with an `id` to send back as Last-Event-ID. Asks for `Accept: text/event-stream`.
   */
  notificationStream: defineEndpoint({
    method: "GET",
    path: "/api/notifications/stream/",
    response: z.string(),
  }),
  markNotificationsRead: defineEndpoint({
    tokenScope: "notifications:read",
    method: "POST",
    path: "/api/notifications/mark-read/",
    body: MarkNotificationsReadRequestSchema,
    response: SuccessSchema,
  }),
} as const;
