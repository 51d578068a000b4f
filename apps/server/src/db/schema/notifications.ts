/** In-app notifications (the bell). */
import type { ChallengeScope, NotificationType } from "@ideaport/shared";
import { CHALLENGE_SCOPES } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { challenges } from "./challenges.ts";
import { createdAt, descending, instant, isOneOf } from "./columns.ts";
import { companyKeys, ownerId, users } from "./companies.ts";
import { ideas } from "./ideas.ts";
import { rewards } from "./rewards.ts";

/**
 * One row per recipient, holding what the Notification answer shows: type, read, content, the
 * actor's name and the related idea, request, challenge or reward.
 */
export const notifications = pgTable(
  "notifications",
  {
    ...companyKeys(),
    userId: ownerId(),
    type: text("type").$type<NotificationType>().notNull(),
    readAt: instant("read_at"),
    /**
     * The sentence written for the recipient when the notification was made (the shared
     * `describeNotification` of the facts below); the API renders it anew from the facts.
     */
    content: text("content").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied at creation so the bell reads one table. */
    actorName: text("actor_name"),
    /** Whom the event is about: an idea's author, a request's requester, a challenge's creator. */
    subjectId: uuid("subject_id").references(() => users.id, { onDelete: "set null" }),
    projectIdeaTitle: text("project_idea_title"),
    relatedIdeaId: uuid("related_idea_id").references(() => ideas.id, { onDelete: "set null" }),
    /** The admin request (administrator rights or managing a team) the notification is about. */
    relatedRequestId: uuid("related_request_id"),
    relatedChallengeId: uuid("related_challenge_id").references(() => challenges.id, { onDelete: "set null" }),
    challengeTitle: text("challenge_title"),
    challengeScope: text("challenge_scope").$type<ChallengeScope>(),
    /** The reward redeemed, fulfilled or within reach, and its title when the notification was made. */
    relatedRewardId: uuid("related_reward_id").references(() => rewards.id, { onDelete: "set null" }),
    rewardTitle: text("reward_title"),
    /** The note of the decision or of the request for revision the notification tells of. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_user_created_idx").on(table.userId, descending(table.createdAt), descending(table.id)),
    index("notifications_company_user_unread_idx")
      .on(table.companyId, table.userId)
      .where(sql`${table.readAt} is null`),
    check(
      "notifications_challenge_scope_check",
      sql`${table.challengeScope} is null or ${isOneOf(table.challengeScope, CHALLENGE_SCOPES)}`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
