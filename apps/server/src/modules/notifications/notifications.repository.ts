import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { isAdminUser } from "../../core/admin-condition.ts";
import { beforeKey, cursorKeyOf, pageOf, preciseTimestamp } from "../../core/keyset.ts";
import { preparedStatements, shapeOf } from "../../core/prepared.ts";
import { hasRow, isRowOfCompany } from "../../core/rows.ts";
import { isoTimestamp } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import {
  type AdminRequestStatus,
  adminRequests,
  type NewNotificationRow,
  type NotificationRow,
  notifications,
  type RoleRequestKind,
  teamMemberships,
  teams,
  users,
} from "../../db/schema/index.ts";

/** Writes notification rows (one per recipient) in the executor's transaction; answers their ids. */
export async function insertNotifications(
  db: Database,
  rows: readonly NewNotificationRow[],
): Promise<Array<{ id: string; userId: string }>> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values([...rows])
    .returning({ id: notifications.id, userId: notifications.userId });
}

/**
 * `pg_notify` of each payload on `channel`, in the executor's transaction: PostgreSQL delivers
 * them to every listening instance when (and only if) that transaction commits.
 */
export async function sendDatabaseNotifications(db: Database, channel: string, payloads: string[]): Promise<void> {
  if (payloads.length === 0) return;
  await db.execute(sql`select pg_notify(${channel}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`);
}

/**
 * A notification with the admin request it is about (nulls when none): its current status, its
 * kind, and for a request to manage a team, that team's id and current name.
 */
export type NotificationWithRequest = Omit<NotificationRow, "createdAt" | "readAt"> & {
  /** The moments, as the API writes them (isoTimestamp). */
  createdAt: string;
  readAt: string | null;
  requestStatus: AdminRequestStatus | null;
  requestKind: RoleRequestKind | null;
  requestTeamId: string | null;
  requestTeamName: string | null;
};

/** Notifications with their admin request and its team: the rows the bell's items are made of. */
function selectNotificationsWithRequest(db: Database) {
  return (
    db
      // Flat: each row is the page's item as it is, with no nested object to copy out of.
      .select({
        ...getTableColumns(notifications),
        createdAt: isoTimestamp(notifications.createdAt),
        readAt: isoTimestamp<true>(notifications.readAt),
        sortKey: preciseTimestamp(notifications.createdAt),
        requestStatus: adminRequests.status,
        requestKind: adminRequests.kind,
        requestTeamId: adminRequests.teamId,
        requestTeamName: teams.name,
      })
      .from(notifications)
      // The request and its team in the same query (primary-key lookups per row of the page).
      .leftJoin(adminRequests, isRowOfCompany(adminRequests, notifications.companyId, notifications.relatedRequestId))
      .leftJoin(teams, isRowOfCompany(teams, notifications.companyId, adminRequests.teamId))
  );
}

function notificationPageQuery(db: Database, withCursor: boolean) {
  const userId = sql.placeholder("userId");
  const after = withCursor
    ? beforeKey(notifications.createdAt, notifications.id, {
        time: sql.placeholder("cursorTime"),
        id: sql.placeholder("cursorId"),
      })
    : undefined;
  return selectNotificationsWithRequest(db)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"));
}

// The bell is polled by every signed-in page: its two queries are prepared (core/prepared.ts).
const pageStatements =
  preparedStatements<ReturnType<ReturnType<typeof notificationPageQuery>["prepare"]>>("notifications_page");
const unreadStatements = preparedStatements<ReturnType<typeof prepareUnreadCount>>("notifications_unread");

/**
 * One page of a user's notifications, newest first, keyset-paginated over (created_at, id): the
 * order of the notifications_user_created_idx index.
 */
export async function listNotificationPage(
  db: Database,
  options: { userId: string; cursor?: string; limit: number },
): Promise<{ items: NotificationWithRequest[]; nextCursor: string | null }> {
  const cursor = cursorKeyOf(options.cursor);
  const statement = pageStatements(db, shapeOf(cursor !== undefined), (name) =>
    notificationPageQuery(db, cursor !== undefined).prepare(name),
  );
  const rows = await statement.execute({
    userId: options.userId,
    cursorTime: cursor?.time,
    cursorId: cursor?.id,
    limit: options.limit + 1,
  });
  return pageOf(rows, options.limit);
}

/** A notification row with its precise sort key, as the stream sends it. */
export type StreamedNotificationRow = NotificationWithRequest & { sortKey: string };

/**
 * A user's notifications in their company for the live stream, oldest first: those with `ids`,
 * or those after the key `(created_at, id)` (all of them without one), at most `limit`.
 */
export async function selectStreamNotifications(
  db: Database,
  options: {
    userId: string;
    companyId: string;
    ids?: readonly string[];
    after?: { time: string; id: string };
    limit: number;
  },
): Promise<StreamedNotificationRow[]> {
  const conditions = [eq(notifications.userId, options.userId), eq(notifications.companyId, options.companyId)];
  if (options.ids) conditions.push(inArray(notifications.id, [...options.ids]));
  if (options.after) {
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) > (${options.after.time}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  return selectNotificationsWithRequest(db)
    .where(and(...conditions))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(options.limit);
}

/** The key `(created_at, id)` of a user's newest notification in their company, if any. */
export async function selectNewestNotificationKey(
  db: Database,
  options: { userId: string; companyId: string },
): Promise<{ time: string; id: string } | undefined> {
  const [row] = await db
    .select({ time: preciseTimestamp(notifications.createdAt), id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, options.userId), eq(notifications.companyId, options.companyId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return row;
}

function prepareUnreadCount(db: Database, name: string) {
  return db
    .select({ value: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, sql.placeholder("companyId")),
        eq(notifications.userId, sql.placeholder("userId")),
        isNull(notifications.readAt),
      ),
    )
    .prepare(name);
}

/** How many of a user's notifications in their company are unread (notifications_company_user_unread_idx). */
export async function countUnreadNotifications(db: Database, companyId: string, userId: string): Promise<number> {
  const [unread] = await unreadStatements(db, "", (name) => prepareUnreadCount(db, name)).execute({
    companyId,
    userId,
  });
  return unread?.value ?? 0;
}

/**
 * Marks a user's unread notifications read: those of `ids` (well-formed ids only), or all of
 * them without `ids`. Answers how many changed.
 */
export async function markNotificationsRead(
  db: Database,
  options: { userId: string; ids?: readonly string[]; readAt: Date },
): Promise<number> {
  const conditions = [eq(notifications.userId, options.userId), isNull(notifications.readAt)];
  if (options.ids) conditions.push(inArray(notifications.id, [...options.ids]));
  const updated = await db
    .update(notifications)
    .set({ readAt: options.readAt })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Marks read every unread `admin_request` notification of one request, whoever received it. */
export async function markRequestNotificationsRead(
  db: Database,
  options: { companyId: string; requestId: string; readAt: Date },
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: options.readAt })
    .where(
      and(
        eq(notifications.companyId, options.companyId),
        eq(notifications.type, "admin_request"),
        eq(notifications.relatedRequestId, options.requestId),
        isNull(notifications.readAt),
      ),
    );
}

/** Active managers of a team. */
export async function selectTeamManagerIds(db: Database, companyId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(
      and(
        eq(teamMemberships.companyId, companyId),
        eq(teamMemberships.teamId, teamId),
        eq(teamMemberships.isManager, true),
        eq(users.isActive, true),
      ),
    );
  return rows.map((row) => row.id);
}

/** Active members of a team, managers included. */
export async function selectTeamMemberIds(db: Database, companyId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(teamMemberships.companyId, companyId), eq(teamMemberships.teamId, teamId), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** Active administrators of a company (the shared isAdmin rule). */
export async function selectCompanyAdminIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true), isAdminUser()));
  return rows.map((row) => row.id);
}

/** Whether someone (active or not) belongs to the company. */
export async function isCompanyUser(db: Database, companyId: string, userId: string): Promise<boolean> {
  return hasRow(db, users, isRowOfCompany(users, companyId, userId));
}

/** Every active person of a company. */
export async function selectCompanyMemberIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}
