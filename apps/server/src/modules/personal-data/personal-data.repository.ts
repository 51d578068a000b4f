/**
 * The reads of a person's data export: every table that holds something of theirs, each list
 * newest first and cut at `limit` rows (the caller asks for one more than it keeps, to know a
 * list was cut). Nothing here writes, and nothing reads another person's data beyond a display
 * name, a team's, a challenge's, an idea's or a reward's title.
 */
import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  auditLog,
  calendarConnections,
  calendarFeeds,
  challenges,
  comments,
  ideaEvents,
  ideaRevisions,
  ideas,
  ideaTags,
  notifications,
  pointLedger,
  rewardRedemptions,
  rewards,
  tags,
  teams,
  users,
  votes,
} from "../../db/schema/index.ts";

/**
 * The rows of `table` that `condition` picks, newest first (ties by id, newest id first), cut at
 * `limit`: the shape of every list of the export.
 */
function newestRows<Query extends PgSelect>(
  query: Query,
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  condition: SQL | undefined,
  limit: number,
) {
  return query.where(condition).orderBy(desc(table.createdAt), desc(table.id)).limit(limit);
}

/** The person's own account row, beyond what the caller carries. */
export async function findAccountDates(db: Database, userId: string) {
  const [row] = await db
    .select({ createdAt: users.createdAt, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The ideas the person wrote, newest first. */
export async function findIdeasBy(db: Database, userId: string, limit: number) {
  return newestRows(
    db
      .select({
        id: ideas.id,
        title: ideas.title,
        description: ideas.description,
        status: ideas.status,
        // The tags the idea carries, by name (read through idea_tags_pk, which leads with the idea).
        tags: sql<
          string[]
        >`array(select ${tags.name} from ${ideaTags} join ${tags} on ${tags.id} = ${ideaTags.tagId} where ${ideaTags.ideaId} = ${ideas.id} order by lower(${tags.name}))`,
        teamName: teams.name,
        challengeTitle: challenges.title,
        voteCount: ideas.voteCount,
        commentCount: ideas.commentCount,
        createdAt: ideas.createdAt,
        submittedAt: ideas.submittedAt,
      })
      .from(ideas)
      .leftJoin(teams, eq(teams.id, ideas.teamId))
      .leftJoin(challenges, eq(challenges.id, ideas.challengeId))
      .$dynamic(),
    ideas,
    eq(ideas.authorId, userId),
    limit,
  );
}

const eventActors = aliasedTable(users, "event_actors");

/** The status history of these ideas, oldest first, each step's actor by display name. */
export async function findHistoryOf(db: Database, ideaIds: string[]) {
  if (ideaIds.length === 0) return [];
  return db
    .select({
      ideaId: ideaEvents.ideaId,
      fromStatus: ideaEvents.fromStatus,
      toStatus: ideaEvents.toStatus,
      by: eventActors.displayName,
      note: ideaEvents.note,
      createdAt: ideaEvents.createdAt,
    })
    .from(ideaEvents)
    .leftJoin(eventActors, eq(eventActors.id, ideaEvents.actorId))
    .where(inArray(ideaEvents.ideaId, ideaIds))
    .orderBy(asc(ideaEvents.createdAt), asc(ideaEvents.id));
}

/** The earlier texts of these ideas, oldest first. */
export async function findRevisionsOf(db: Database, ideaIds: string[]) {
  if (ideaIds.length === 0) return [];
  return db
    .select({
      ideaId: ideaRevisions.ideaId,
      title: ideaRevisions.title,
      description: ideaRevisions.description,
      createdAt: ideaRevisions.createdAt,
    })
    .from(ideaRevisions)
    .where(inArray(ideaRevisions.ideaId, ideaIds))
    .orderBy(asc(ideaRevisions.createdAt), asc(ideaRevisions.id));
}

/** The comments the person wrote, with their idea's title, newest first. */
export async function findCommentsBy(db: Database, userId: string, limit: number) {
  return newestRows(
    db
      .select({
        id: comments.id,
        ideaId: comments.ideaId,
        ideaTitle: ideas.title,
        body: comments.body,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(ideas, eq(ideas.id, comments.ideaId))
      .$dynamic(),
    comments,
    eq(comments.authorId, userId),
    limit,
  );
}

/** The person's votes, with their idea's title, newest first. */
export async function findVotesBy(db: Database, userId: string, limit: number) {
  return newestRows(
    db
      .select({ ideaId: votes.ideaId, ideaTitle: ideas.title, createdAt: votes.createdAt })
      .from(votes)
      .innerJoin(ideas, eq(ideas.id, votes.ideaId))
      .$dynamic(),
    votes,
    eq(votes.userId, userId),
    limit,
  );
}

/** The person's points ledger, newest first. */
export async function findPointsOf(db: Database, userId: string, limit: number) {
  return newestRows(
    db
      .select({
        delta: pointLedger.delta,
        reason: pointLedger.reason,
        referenceType: pointLedger.referenceType,
        referenceId: pointLedger.referenceId,
        createdAt: pointLedger.createdAt,
      })
      .from(pointLedger)
      .$dynamic(),
    pointLedger,
    eq(pointLedger.userId, userId),
    limit,
  );
}

/** The person's reward redemptions, newest first. */
export async function findRedemptionsOf(db: Database, userId: string, limit: number) {
  return newestRows(
    db
      .select({
        id: rewardRedemptions.id,
        rewardTitle: rewards.title,
        cost: rewardRedemptions.cost,
        status: rewardRedemptions.status,
        decidedAt: rewardRedemptions.decidedAt,
        cancelReason: rewardRedemptions.cancelReason,
        createdAt: rewardRedemptions.createdAt,
      })
      .from(rewardRedemptions)
      .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .$dynamic(),
    rewardRedemptions,
    eq(rewardRedemptions.userId, userId),
    limit,
  );
}

/** The person's notifications, newest first. */
export async function findNotificationsOf(db: Database, userId: string, limit: number) {
  return newestRows(
    db
      .select({
        type: notifications.type,
        content: notifications.content,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .$dynamic(),
    notifications,
    eq(notifications.userId, userId),
    limit,
  );
}

/** When the person's calendar feed was made and their provider connections, without any secret column. */
export async function findCalendarOf(db: Database, userId: string) {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  const connections = await db
    .select({
      provider: calendarConnections.provider,
      scope: calendarConnections.scope,
      createdAt: calendarConnections.createdAt,
      tokenExpiresAt: calendarConnections.tokenExpiresAt,
    })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id));
  return { feedCreatedAt: feed?.createdAt ?? null, connections };
}

const auditActors = aliasedTable(users, "audit_actors");

/**
 * The audit entries of the person's company whose actor or target (a user) is the person, newest
 * first, the actor by display name. Their details are left out: they may name other people.
 */
export function findAuditEntriesAbout(db: Database, companyId: string, userId: string, limit: number) {
  return newestRows(
    db
      .select({
        action: auditLog.action,
        targetType: auditLog.targetType,
        actorId: auditLog.actorId,
        targetId: auditLog.targetId,
        by: auditActors.displayName,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(auditActors, eq(auditActors.id, auditLog.actorId))
      .$dynamic(),
    auditLog,
    and(
      eq(auditLog.companyId, companyId),
      or(
        eq(auditLog.actorId, userId),
        and(eq(auditLog.targetType, "user"), isNotNull(auditLog.targetId), eq(auditLog.targetId, userId)),
      ),
    ),
    limit,
  );
}
