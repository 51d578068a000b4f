import { DEFAULT_PAGE_SIZE, type NotificationType } from "@ideaport/shared";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type AdminRequestStatus,
  adminRequests,
  type ChallengeScope,
  type NotificationRow,
  notifications,
  type RoleRequestKind,
  teams,
} from "../../db/schema.ts";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor.ts";
import { isUuid } from "../companies/tenancy.ts";

export interface NotifyInput {
  companyId: string;
  /** The recipients; one row each (duplicates collapse). */
  userIds: readonly string[];
  type: NotificationType;
  content: string;
  actorId?: string | null;
  actorName?: string | null;
  projectIdeaTitle?: string | null;
  relatedIdeaId?: string | null;
  relatedRequestId?: string | null;
  challengeTitle?: string | null;
  challengeScope?: ChallengeScope | null;
}

/**
 * Creates one notification per recipient. Call it with the transaction of the change that causes
 * it, so the notification exists exactly when the change does. Answers the number of rows written.
 */
export async function notify(db: Database, input: NotifyInput): Promise<number> {
  const recipients = [...new Set(input.userIds)];
  if (recipients.length === 0) return 0;
  await db.insert(notifications).values(
    recipients.map((userId) => ({
      companyId: input.companyId,
      userId,
      type: input.type,
      content: input.content,
      actorId: input.actorId ?? null,
      actorName: input.actorName ?? null,
      projectIdeaTitle: input.projectIdeaTitle ?? null,
      relatedIdeaId: input.relatedIdeaId ?? null,
      relatedRequestId: input.relatedRequestId ?? null,
      challengeTitle: input.challengeTitle ?? null,
      challengeScope: input.challengeScope ?? null,
    })),
  );
  return recipients.length;
}

/** created_at with its full microsecond precision, so a cursor never skips or repeats rows. */
const preciseCreatedAt = sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A notification with the admin request it is about (nulls when none): its current status, its
 * kind, and for a request to manage a team, that team's id and current name.
 */
export type NotificationWithRequest = NotificationRow & {
  requestStatus: AdminRequestStatus | null;
  requestKind: RoleRequestKind | null;
  requestTeamId: string | null;
  requestTeamName: string | null;
};

export interface NotificationPage {
  items: NotificationWithRequest[];
  nextCursor: string | null;
  unreadCount: number;
}

/**
 * A user's notifications, newest first, keyset-paginated over (created_at, id) — the order of
 * the notifications_user_created_idx index — with the number of unread ones.
 */
export async function listNotifications(
  db: Database,
  options: { userId: string; cursor?: string; limit?: number },
): Promise<NotificationPage> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const conditions = [eq(notifications.userId, options.userId)];
  if (options.cursor) {
    const [createdAt, id] = decodeCursor(options.cursor, ["timestamp", "uuid"]);
    conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select({
      row: notifications,
      sortKey: preciseCreatedAt,
      requestStatus: adminRequests.status,
      requestKind: adminRequests.kind,
      requestTeamId: adminRequests.teamId,
      requestTeamName: teams.name,
    })
    .from(notifications)
    // The request and its team in the same query (primary-key lookups per row of the page).
    .leftJoin(
      adminRequests,
      and(eq(adminRequests.id, notifications.relatedRequestId), eq(adminRequests.companyId, notifications.companyId)),
    )
    .leftJoin(teams, and(eq(teams.id, adminRequests.teamId), eq(teams.companyId, notifications.companyId)))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, options.userId), isNull(notifications.readAt)));
  return {
    items: page.map((entry) => ({
      ...entry.row,
      requestStatus: entry.requestStatus,
      requestKind: entry.requestKind,
      requestTeamId: entry.requestTeamId,
      requestTeamName: entry.requestTeamName,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sortKey, last.row.id]) : null,
    unreadCount: unread?.value ?? 0,
  };
}

/**
 * Marks the user's notifications read: the given ids (others' ids and malformed ones are
 * ignored), or all of them when no ids are given. Answers how many changed.
 */
export async function markNotificationsRead(
  db: Database,
  options: { userId: string; ids?: readonly string[]; now: Date },
): Promise<number> {
  const conditions = [eq(notifications.userId, options.userId), isNull(notifications.readAt)];
  if (options.ids) {
    const ids = options.ids.filter(isUuid);
    if (ids.length === 0) return 0;
    conditions.push(inArray(notifications.id, ids));
  }
  const updated = await db
    .update(notifications)
    .set({ readAt: options.now })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return updated.length;
}
