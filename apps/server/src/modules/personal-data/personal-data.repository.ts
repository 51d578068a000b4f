/**
 * The reads of a person's data export: every table that holds something of theirs, each list
 * newest first and cut at `limit` rows (the caller asks for one more than it keeps, to know a
 * list was cut). Nothing here writes, and nothing reads another person's data beyond a display
 * name, a team's, a challenge's, an idea's or a reward's title.
 */
import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
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
  notifications,
  pointLedger,
  rewardRedemptions,
  rewards,
  teams,
  users,
  votes,
} from "../../db/schema/index.ts";

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
  return db
    .select({
      id: ideas.id,
      title: ideas.title,
      description: ideas.description,
      status: ideas.status,
      tags: ideas.tags,
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
    .where(eq(ideas.authorId, userId))
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(limit);
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
  return db
    .select({
      id: comments.id,
      ideaId: comments.ideaId,
      ideaTitle: ideas.title,
      body: comments.body,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(ideas, eq(ideas.id, comments.ideaId))
    .where(eq(comments.authorId, userId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

/** The person's votes, with their idea's title, newest first. */
export async function findVotesBy(db: Database, userId: string, limit: number) {
  return db
    .select({ ideaId: votes.ideaId, ideaTitle: ideas.title, createdAt: votes.createdAt })
    .from(votes)
    .innerJoin(ideas, eq(ideas.id, votes.ideaId))
    .where(eq(votes.userId, userId))
    .orderBy(desc(votes.createdAt), desc(votes.id))
    .limit(limit);
}

/** The person's points ledger, newest first. */
export async function findPointsOf(db: Database, userId: string, limit: number) {
  return db
    .select({
      delta: pointLedger.delta,
      reason: pointLedger.reason,
      referenceType: pointLedger.referenceType,
      referenceId: pointLedger.referenceId,
      createdAt: pointLedger.createdAt,
    })
    .from(pointLedger)
    .where(eq(pointLedger.userId, userId))
    .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
    .limit(limit);
}

/** The person's reward redemptions, newest first. */
export async function findRedemptionsOf(db: Database, userId: string, limit: number) {
  return db
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
    .where(eq(rewardRedemptions.userId, userId))
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id))
    .limit(limit);
}

/** The person's notifications, newest first. */
export async function findNotificationsOf(db: Database, userId: string, limit: number) {
  return db
    .select({
      type: notifications.type,
      content: notifications.content,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
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
    .orderBy(asc(calendarConnections.createdAt));
  return { feedCreatedAt: feed?.createdAt ?? null, connections };
}

const auditActors = aliasedTable(users, "audit_actors");

/**
 * The audit entries of the person's company whose actor or target (a user) is the person, newest
 * first, the actor by display name. Their details are left out: they may name other people.
 */
export async function findAuditEntriesAbout(db: Database, companyId: string, userId: string, limit: number) {
  return db
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
    .where(
      and(
        eq(auditLog.companyId, companyId),
        or(
          eq(auditLog.actorId, userId),
          and(eq(auditLog.targetType, "user"), isNotNull(auditLog.targetId), eq(auditLog.targetId, userId)),
        ),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
