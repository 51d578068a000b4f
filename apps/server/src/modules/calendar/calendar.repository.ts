import { and, eq, gte, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import { isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  actions,
  calendarConnections,
  calendarFeeds,
  challenges,
  companies,
  ideas,
  users,
} from "../../db/schema/index.ts";

/** The feed row of a person: its id is the secret the address is derived from (see calendar.token.ts). */
export interface FeedRow {
  id: string;
  userId: string;
  companyId: string;
  tokenHash: string;
}

const feedColumns = {
  id: calendarFeeds.id,
  userId: calendarFeeds.userId,
  companyId: calendarFeeds.companyId,
  tokenHash: calendarFeeds.tokenHash,
};

/** The person's feed in their company, if they have one yet. */
export async function findFeedOfUser(db: Database, companyId: string, userId: string): Promise<FeedRow | null> {
  const [row] = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Creates the person's feed unless one exists (two first visits at once keep one), and answers the stored one. */
export async function insertFeedIfMissing(db: Database, feed: FeedRow): Promise<FeedRow> {
  await db.insert(calendarFeeds).values(feed).onConflictDoNothing({ target: calendarFeeds.userId });
  const stored = await findFeedOfUser(db, feed.companyId, feed.userId);
  if (!stored) throw new Error("The calendar feed row vanished after its insert.");
  return stored;
}

/** Gives the person's feed a new id and token hash (or creates it): the old address stops working at once. */
export async function replaceFeed(db: Database, feed: FeedRow): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values(feed)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { id: feed.id, tokenHash: feed.tokenHash, companyId: feed.companyId, createdAt: sql`now()` },
    });
}

/** Whose feed a token hash opens: only an active person still in the feed's company. */
export async function findFeedOwnerByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ feedId: calendarFeeds.id, userId: calendarFeeds.userId, companyId: calendarFeeds.companyId })
    .from(calendarFeeds)
    .innerJoin(users, isRowOfCompany(users, calendarFeeds.companyId, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The company's name, last change and review due days (a company setting). */
export async function findCompanyCalendarFacts(db: Database, companyId: string) {
  const [row] = await db
    .select({ name: companies.name, settings: companies.settings, updatedAt: companies.updatedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

/** Who the feed is for, as the feed needs them: their teams, the teams they manage, their admin rights. */
export interface FeedReader {
  userId: string;
  companyId: string;
  teamIds: string[];
  managedTeamIds: string[];
  isAdmin: boolean;
}

/**
 * Challenge deadlines the reader sees in their calendar: the company's and their teams' active
 * challenges, and those closed whose deadline is on or after `cancelledSince` (kept as cancelled).
 */
export async function listFeedChallenges(db: Database, reader: FeedReader, cancelledSince: Date) {
  const ownTeams: SQL =
    reader.teamIds.length > 0
      ? and(eq(challenges.scope, "team"), inArray(challenges.teamId, reader.teamIds))!
      : sql`false`;
  return db
    .select({
      id: challenges.id,
      title: challenges.title,
      description: challenges.description,
      status: challenges.status,
      endsAt: challenges.endsAt,
      createdAt: challenges.createdAt,
      updatedAt: challenges.updatedAt,
    })
    .from(challenges)
    .where(
      and(
        eq(challenges.companyId, reader.companyId),
        isNotNull(challenges.endsAt),
        or(eq(challenges.scope, "company"), ownTeams),
        or(
          eq(challenges.status, "active"),
          and(eq(challenges.status, "closed"), gte(challenges.endsAt, cancelledSince)),
        ),
      ),
    )
    .orderBy(challenges.endsAt, challenges.id);
}

/** Due dates of the actions the reader owns; done ones while their due date is on or after `cancelledSinceDay`. */
export async function listFeedActions(db: Database, reader: FeedReader, cancelledSinceDay: string) {
  return db
    .select({
      id: actions.id,
      ideaId: actions.ideaId,
      title: ideas.title,
      status: actions.status,
      dueDate: actions.dueDate,
      createdAt: actions.createdAt,
      updatedAt: actions.updatedAt,
    })
    .from(actions)
    .innerJoin(ideas, isRowOfCompany(ideas, actions.companyId, actions.ideaId))
    .where(
      and(
        eq(actions.companyId, reader.companyId),
        eq(actions.ownerId, reader.userId),
        isNotNull(actions.dueDate),
        or(ne(actions.status, "done"), gte(actions.dueDate, cancelledSinceDay)),
      ),
    )
    .orderBy(actions.dueDate, actions.id);
}

/**
 * Ideas waiting in the reader's review queue: those of the teams they manage waiting for their
 * manager (submitted, under review, revision submitted) and, for admins, those endorsed to them
 * (pending review).
 */
export async function listFeedReviews(db: Database, reader: FeedReader) {
  const waiting: SQL[] = [];
  if (reader.managedTeamIds.length > 0) {
    waiting.push(
      and(
        inArray(ideas.teamId, reader.managedTeamIds),
        inArray(ideas.status, ["submitted", "under_review", "revision_submitted"]),
      )!,
    );
  }
  if (reader.isAdmin) waiting.push(eq(ideas.status, "pending_review"));
  if (waiting.length === 0) return [];
  return db
    .select({
      id: ideas.id,
      title: ideas.title,
      submittedAt: ideas.submittedAt,
      updatedAt: ideas.updatedAt,
    })
    .from(ideas)
    .where(and(eq(ideas.companyId, reader.companyId), isNotNull(ideas.submittedAt), or(...waiting)))
    .orderBy(ideas.submittedAt, ideas.id);
}

/** A person's provider connection, tokens still sealed. */
export async function findConnectionOfUser(db: Database, companyId: string, userId: string) {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.companyId, companyId), eq(calendarConnections.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface ConnectionTokens {
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  tokenExpiresAt: Date | null;
  scope: string | null;
}

/** Saves the person's connection (one per person and provider), replacing an earlier one's tokens. */
export async function upsertConnection(
  db: Database,
  owner: { companyId: string; userId: string; provider: string },
  tokens: ConnectionTokens,
): Promise<void> {
  await db
    .insert(calendarConnections)
    .values({ ...owner, ...tokens })
    .onConflictDoUpdate({
      target: [calendarConnections.userId, calendarConnections.provider],
      set: { ...tokens, companyId: owner.companyId, updatedAt: sql`now()` },
    });
}

/** Replaces the tokens of a connection of the company. */
export async function updateConnectionTokens(
  db: Database,
  companyId: string,
  connectionId: string,
  tokens: ConnectionTokens,
): Promise<void> {
  await updateRowOfCompany(db, calendarConnections, companyId, connectionId, tokens);
}

/** Deletes the person's connections and their tokens; answers how many there were. */
export async function deleteConnectionsOfUser(db: Database, companyId: string, userId: string): Promise<number> {
  const deleted = await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.companyId, companyId), eq(calendarConnections.userId, userId)))
    .returning({ id: calendarConnections.id });
  return deleted.length;
}

/** Every provider connection, of every company: the periodic sync's list (a system job, not a request). */
export async function listConnections(db: Database, companyId?: string) {
  return db
    .select({
      companyId: calendarConnections.companyId,
      userId: calendarConnections.userId,
      refreshTokenEncrypted: calendarConnections.refreshTokenEncrypted,
      tokenExpiresAt: calendarConnections.tokenExpiresAt,
    })
    .from(calendarConnections)
    .where(companyId === undefined ? undefined : eq(calendarConnections.companyId, companyId));
}

/** Stores the company's calendar settings (settings.calendar), leaving its other settings as they are. */
export async function writeCompanyCalendarSettings(db: Database, companyId: string, reviewDueDays: number) {
  const value = JSON.stringify({ review_due_days: reviewDueDays });
  await db
    .update(companies)
    .set({ settings: sql`jsonb_set(${companies.settings}, '{calendar}', ${value}::jsonb, true)` })
    .where(eq(companies.id, companyId));
}
