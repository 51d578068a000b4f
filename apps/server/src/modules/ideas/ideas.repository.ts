import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type ChallengeScope,
  challenges,
  comments,
  type IdeaStatus,
  ideaEvents,
  ideaRevisions,
  ideaSearchDocument,
  ideas,
  teams,
  users,
  votes,
} from "../../db/schema.ts";
import { afterCursor, pageOf, preciseTimestamp } from "./keyset.ts";
import type { Viewer } from "./viewer.ts";

/**
 * Who sees an idea (issue 4): its author always; once submitted, the members and managers of its
 * team, everyone in the company when it answers a company challenge, and the admins. Drafts stay
 * their author's. Everything stays inside the viewer's company.
 */
export function visibleIdeaCondition(viewer: Viewer): SQL {
  const submittedAndShared = viewer.isAdmin
    ? ne(ideas.status, "draft")
    : and(
        ne(ideas.status, "draft"),
        or(
          viewer.teamIds.length > 0 ? inArray(ideas.teamId, viewer.teamIds) : undefined,
          eq(challenges.scope, "company"),
        ),
      );
  return and(eq(ideas.companyId, viewer.companyId), or(eq(ideas.authorId, viewer.userId), submittedAndShared))!;
}

const ideaColumns = {
  id: ideas.id,
  companyId: ideas.companyId,
  authorId: ideas.authorId,
  authorName: users.displayName,
  teamId: ideas.teamId,
  teamName: teams.name,
  challengeId: ideas.challengeId,
  challengeTitle: challenges.title,
  challengeScope: challenges.scope,
  title: ideas.title,
  description: ideas.description,
  status: ideas.status,
  voteCount: ideas.voteCount,
  commentCount: ideas.commentCount,
  submittedAt: ideas.submittedAt,
  createdAt: ideas.createdAt,
  updatedAt: ideas.updatedAt,
  sortKey: preciseTimestamp(ideas.createdAt),
};

/** An idea with the names the API shows beside it. */
export interface IdeaListRow {
  id: string;
  companyId: string;
  authorId: string;
  authorName: string;
  teamId: string | null;
  teamName: string | null;
  challengeId: string | null;
  challengeTitle: string | null;
  challengeScope: ChallengeScope | null;
  title: string;
  description: string;
  status: IdeaStatus;
  voteCount: number;
  commentCount: number;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  sortKey: string;
}

function selectIdeas(db: Database) {
  return db
    .select(ideaColumns)
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .leftJoin(teams, eq(teams.id, ideas.teamId))
    .leftJoin(challenges, eq(challenges.id, ideas.challengeId));
}

export interface IdeaFilters {
  mine?: boolean;
  teamId?: string;
  challengeId?: string;
  statuses?: IdeaStatus[];
  search?: string;
  cursor?: string;
  limit: number;
}

/** Full-text match over the ideas_search_idx document (every word must occur). */
function matchesSearch(text: string): SQL {
  return sql`${ideaSearchDocument} @@ websearch_to_tsquery('english', ${text})`;
}

/**
 * A page of the ideas the viewer sees, newest first, keyset-paginated over (created_at, id):
 * the order of ideas_company_created_idx, so a page reads the index and stops.
 */
export async function listVisibleIdeas(db: Database, viewer: Viewer, filters: IdeaFilters) {
  const rows = await ideaListQuery(db, viewer, filters);
  return pageOf(rows as IdeaListRow[], filters.limit);
}

/** The query of one page (limit + 1 rows), unexecuted: the query-plan test explains it. */
export function ideaListQuery(db: Database, viewer: Viewer, filters: IdeaFilters) {
  const search = filters.search?.trim();
  const conditions: Array<SQL | undefined> = [
    visibleIdeaCondition(viewer),
    filters.mine ? eq(ideas.authorId, viewer.userId) : undefined,
    filters.teamId ? eq(ideas.teamId, filters.teamId) : undefined,
    filters.challengeId ? eq(ideas.challengeId, filters.challengeId) : undefined,
    filters.statuses && filters.statuses.length > 0 ? inArray(ideas.status, filters.statuses) : undefined,
    search ? matchesSearch(search) : undefined,
    afterCursor(filters.cursor, ideas.createdAt, ideas.id),
  ];
  return selectIdeas(db)
    .where(and(...conditions))
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(filters.limit + 1);
}

/** One idea the viewer sees, or undefined (404). `forUpdate` locks the idea row. */
export async function findVisibleIdea(
  db: Database,
  viewer: Viewer,
  ideaId: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdeaListRow | undefined> {
  const query = selectIdeas(db)
    .where(and(eq(ideas.id, ideaId), visibleIdeaCondition(viewer)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: ideas }) : await query;
  return row as IdeaListRow | undefined;
}

/**
 * Ideas close to a text, best first, for duplicate detection while typing. The words are OR-ed
 * (websearch_to_tsquery joins them with AND, which would hide an idea that misses one word) and
 * ranked with ts_rank, so the idea sharing the most words comes first.
 */
export async function findSimilarIdeas(
  db: Database,
  viewer: Viewer,
  text: string,
  options: { excludeId?: string; limit: number },
): Promise<IdeaListRow[]> {
  const anyWord = sql`replace(replace(websearch_to_tsquery('english', ${text})::text, '&', '|'), '!', '')::tsquery`;
  const rank = sql<number>`ts_rank(${ideaSearchDocument}, ${anyWord})`;
  const rows = await selectIdeas(db)
    .where(
      and(
        visibleIdeaCondition(viewer),
        sql`${ideaSearchDocument} @@ ${anyWord}`,
        options.excludeId ? ne(ideas.id, options.excludeId) : undefined,
      ),
    )
    .orderBy(desc(rank), desc(ideas.createdAt), desc(ideas.id))
    .limit(options.limit);
  return rows as IdeaListRow[];
}

/** The ids among `ideaIds` the user voted for. */
export async function votedIdeaIds(db: Database, userId: string, ideaIds: string[]): Promise<Set<string>> {
  if (ideaIds.length === 0) return new Set();
  const rows = await db
    .select({ ideaId: votes.ideaId })
    .from(votes)
    .where(and(eq(votes.userId, userId), inArray(votes.ideaId, ideaIds)));
  return new Set(rows.map((row) => row.ideaId));
}

/** The status history of an idea, oldest first, with the actors' names. */
export function listIdeaHistory(db: Database, ideaId: string) {
  return db
    .select({
      id: ideaEvents.id,
      fromStatus: ideaEvents.fromStatus,
      toStatus: ideaEvents.toStatus,
      actorId: ideaEvents.actorId,
      actorName: users.displayName,
      note: ideaEvents.note,
      createdAt: ideaEvents.createdAt,
    })
    .from(ideaEvents)
    .leftJoin(users, eq(users.id, ideaEvents.actorId))
    .where(eq(ideaEvents.ideaId, ideaId))
    .orderBy(asc(ideaEvents.createdAt), asc(ideaEvents.id));
}
export type IdeaHistoryRow = Awaited<ReturnType<typeof listIdeaHistory>>[number];

/** The earlier versions of an idea's text, oldest first. */
export function listIdeaRevisions(db: Database, ideaId: string) {
  return db
    .select({
      id: ideaRevisions.id,
      title: ideaRevisions.title,
      description: ideaRevisions.description,
      revisedBy: ideaRevisions.revisedBy,
      reviserName: users.displayName,
      createdAt: ideaRevisions.createdAt,
    })
    .from(ideaRevisions)
    .leftJoin(users, eq(users.id, ideaRevisions.revisedBy))
    .where(eq(ideaRevisions.ideaId, ideaId))
    .orderBy(asc(ideaRevisions.createdAt), asc(ideaRevisions.id));
}
export type IdeaRevisionRow = Awaited<ReturnType<typeof listIdeaRevisions>>[number];

/** The comments of an idea, oldest first. */
export function listIdeaComments(db: Database, ideaId: string) {
  return db
    .select({
      id: comments.id,
      body: comments.body,
      authorId: comments.authorId,
      authorName: users.displayName,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.ideaId, ideaId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}
export type IdeaCommentRow = Awaited<ReturnType<typeof listIdeaComments>>[number];
