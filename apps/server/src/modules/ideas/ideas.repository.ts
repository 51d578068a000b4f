import type { ChecklistVerdict, IdeaSort } from "@ideaport/shared";
import { and, asc, desc, eq, ne, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgSelectPrepare } from "drizzle-orm/pg-core";
import type { CompanyCaller } from "../../core/caller.ts";
import { beforeKey, pageOf, preciseTimestamp } from "../../core/keyset.ts";
import { preparedStatements, shapeOf } from "../../core/prepared.ts";
import { insertReturningId, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import { equalsAny, increment, isoTimestamp } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import {
  type ChallengeScope,
  challengeEvaluators,
  challenges,
  comments,
  type IdeaStatus,
  ideaEvaluations,
  ideaEvents,
  ideaRevisions,
  ideaSearchDocument,
  ideas,
  ideasInScoringStatus,
  ideaTags,
  teams,
  users,
  votes,
} from "../../db/schema/index.ts";
import { type CursorField, decodeCursor } from "../../lib/page-cursor.ts";

/**
 * Who sees an idea: its author always; once submitted, the members and managers of its
 * team, everyone in the company when it answers a company challenge, and the admins. Drafts stay
 * their author's. Everything stays inside the caller's company.
 */
export function visibleIdeaCondition(
  caller: Pick<CompanyCaller, "isAdmin">,
  viewer: ViewerParams<string | Placeholder, readonly string[] | Placeholder>,
): SQL {
  const submittedAndShared = caller.isAdmin
    ? ne(ideas.status, "draft")
    : and(
        ne(ideas.status, "draft"),
        or(equalsAny(ideas.teamId, viewer.teamIds, "uuid"), eq(challenges.scope, "company")),
      );
  return and(eq(ideas.companyId, viewer.companyId), or(eq(ideas.authorId, viewer.callerId), submittedAndShared))!;
}

/** What the visibility rule reads of the caller: values, or a prepared statement's placeholders. */
interface ViewerParams<Id, Ids> {
  companyId: Id;
  callerId: Id;
  teamIds: Ids;
}

const VIEWER_PLACEHOLDERS: ViewerParams<Placeholder, Placeholder> = {
  companyId: sql.placeholder("companyId"),
  callerId: sql.placeholder("callerId"),
  teamIds: sql.placeholder("teamIds"),
};

function viewerOf(caller: CompanyCaller): ViewerParams<string, string[]> {
  return { companyId: caller.companyId, callerId: caller.id, teamIds: caller.teamIds };
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
  submittedAt: isoTimestamp<true>(ideas.submittedAt),
  createdAt: isoTimestamp(ideas.createdAt),
  updatedAt: isoTimestamp(ideas.updatedAt),
  sortKey: preciseTimestamp(ideas.createdAt),
  score: ideas.score,
  scoreCount: ideas.scoreCount,
  scoreDisagreement: ideas.scoreDisagreement,
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
  /** The moments, as the API writes them (isoTimestamp). */
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string;
  sortKey: string;
  /** The score of a list sorted by one (votes, comments, trending), as text. */
  rankKey?: string;
  /** Scorecards: the stored weighted score (as text, null until scored), how many scored, disagreement. */
  score: string | null;
  scoreCount: number;
  scoreDisagreement: boolean;
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
  /** The order; newest first unless said. */
  sort?: IdeaSort;
  /** The moment trending scores are counted from on a first page (later pages carry theirs). */
  now?: Date;
  mine?: boolean;
  teamId?: string;
  challengeId?: string;
  statuses?: IdeaStatus[];
  search?: string;
  /** Scorecards: only the ideas under review the caller scores, of these invited challenges' too. */
  evaluating?: { challengeIds: string[]; notScoredByMe: boolean };
  /** Only the ideas carrying this tag. */
  tagId?: string;
  cursor?: string;
  limit: number;
}

/** The idea carries the tag (idea_tags_company_tag_idea_idx). */
function carriesTag(tagId: string | Placeholder): SQL {
  return sql`exists (select 1 from ${ideaTags} where ${ideaTags.companyId} = ${ideas.companyId} and ${ideaTags.tagId} = ${tagId}::uuid and ${ideaTags.ideaId} = ${ideas.id})`;
}

/** Full-text match over the ideas_search_idx document (every word must occur). */
function matchesSearch(text: string | Placeholder): SQL {
  return sql`${ideaSearchDocument} @@ websearch_to_tsquery('english', ${text})`;
}

/** Which of the list's conditions a request has: each combination is its own prepared statement. */
export interface IdeaListShape {
  sort: IdeaSort;
  isAdmin: boolean;
  mine: boolean;
  team: boolean;
  challenge: boolean;
  statuses: boolean;
  search: boolean;
  cursor: boolean;
  /** Scorecards: the ideas the caller scores, or only those they have not scored yet. */
  evaluating?: "all" | "not_scored";
  /** Only the ideas carrying a tag. */
  tag?: boolean;
}

/**
 * A page of the ideas the caller sees, newest first (keyset-paginated over (created_at, id), the
 * order of ideas_company_created_idx, so a page reads the index and stops), or by votes, comments
 * or trending score, then newest first (keyset over (score, created_at, id)).
 */
export async function listVisibleIdeas(db: Database, caller: CompanyCaller, filters: IdeaFilters) {
  const { shape, values } = ideaListStatementOf(caller, filters);
  const key = `${shapeOf(
    shape.isAdmin,
    shape.mine,
    shape.team,
    shape.challenge,
    shape.statuses,
    shape.search,
    shape.cursor,
  )}${shape.sort === "newest" ? "" : `_${shape.sort}`}${shape.evaluating ? `_${shape.evaluating}` : ""}${shape.tag ? "_tag" : ""}`;
  const statement = ideaListStatements(db, key, (name) => ideaListQuery(db, shape).prepare(name));
  const rows = (await statement.execute(values)) as IdeaListRow[];
  if (shape.sort === "newest") return pageOf(rows, filters.limit);
  const trendingFrom = values.trendingFrom as string;
  return pageOf(rows, filters.limit, (row) => [
    row.rankKey ?? "0",
    row.sortKey,
    row.id,
    ...(shape.sort === "trending" ? [trendingFrom] : []),
  ]);
}

/** The fields of each sort's cursor. */
const CURSOR_FIELDS = {
  newest: ["timestamp", "uuid"],
  most_voted: ["count", "timestamp", "uuid"],
  most_discussed: ["count", "timestamp", "uuid"],
  trending: ["count", "timestamp", "uuid", "timestamp"],
  score: ["decimal", "timestamp", "uuid"],
} as const satisfies Record<IdeaSort, readonly CursorField[]>;

/** A moment as cursors carry it: UTC with six fractional digits. */
function preciseInstant(date: Date): string {
  return date.toISOString().replace("Z", "000Z");
}

/**
 * The score a sort ranks by, highest first: votes, comments, or for trending votes and comments
 * weighted by recency, `floor(10^6 × (votes + comments) / (hours since submission + 2)^1.5)`
 * counted from `trendingFrom`. Null for newest.
 */
function rankOf(sort: IdeaSort, trendingFrom: Placeholder): SQL | null {
  switch (sort) {
    case "newest":
      return null;
    case "most_voted":
      return sql`${ideas.voteCount}::bigint`;
    case "most_discussed":
      return sql`${ideas.commentCount}::bigint`;
    case "score":
      return ideaScoreRank;
    case "trending": {
      const hours = sql`greatest(extract(epoch from (${trendingFrom}::timestamptz - coalesce(${ideas.submittedAt}, ${ideas.createdAt}))) / 3600, 0)`;
      return sql`floor(1000000 * (${ideas.voteCount} + ${ideas.commentCount}) / power(${hours} + 2, 1.5))::bigint`;
    }
  }
}

/** The sort key of `sort=score`, the expression ideas_company_score_idx is built on: unscored ideas count as 0, last. */
const ideaScoreRank = sql`coalesce(${ideas.score}, 0)`;

/**
 * The ideas the caller scores, under review and not theirs (the rule of canScoreIdea, in SQL):
 * admins all of them; managers those of the teams they manage while a manager's step is next;
 * and the ideas of the challenges they were invited to evaluate.
 */
function evaluatingCondition(shape: IdeaListShape): SQL {
  const placeholder = sql.placeholder;
  const managerStatuses = sql`${ideas.status} in ('under_review', 'revision_submitted')`;
  const reviewer = shape.isAdmin
    ? sql`true`
    : or(
        and(managerStatuses, equalsAny(ideas.teamId, placeholder("managedTeamIds"), "uuid")),
        equalsAny(ideas.challengeId, placeholder("evaluatorChallengeIds"), "uuid"),
      );
  const conditions = [
    eq(ideas.companyId, placeholder("companyId")),
    ideasInScoringStatus(ideas.status),
    ne(ideas.authorId, placeholder("callerId")),
    reviewer,
  ];
  if (shape.evaluating === "not_scored") {
    conditions.push(
      sql`not exists (select 1 from ${ideaEvaluations} where ${ideaEvaluations.ideaId} = ${ideas.id} and ${ideaEvaluations.evaluatorId} = ${placeholder("callerId")})`,
    );
  }
  return and(...conditions)!;
}

const ideaListStatements = preparedStatements<ReturnType<ReturnType<typeof ideaListQuery>["prepare"]>>("ideas_list");

/** The shape of a request's list query and the values of its placeholders. */
export function ideaListStatementOf(
  caller: CompanyCaller,
  filters: IdeaFilters,
): { shape: IdeaListShape; values: Record<string, unknown> } {
  const sort = filters.sort ?? "newest";
  const search = filters.search?.trim();
  const cursor = filters.cursor ? decodeCursor(filters.cursor, CURSOR_FIELDS[sort]) : undefined;
  // newest: [time, id]; by a score: [score, time, id] and, for trending, the moment it counts from.
  const [cursorRank, cursorTime, cursorId, cursorFrom] =
    cursor === undefined ? [] : sort === "newest" ? [undefined, cursor[0], cursor[1]] : cursor;
  const statuses = filters.statuses && filters.statuses.length > 0 ? filters.statuses : undefined;
  return {
    shape: {
      sort,
      isAdmin: caller.isAdmin,
      mine: Boolean(filters.mine),
      team: Boolean(filters.teamId),
      challenge: Boolean(filters.challengeId),
      statuses: statuses !== undefined,
      search: Boolean(search),
      cursor: cursor !== undefined,
      ...(filters.evaluating ? { evaluating: filters.evaluating.notScoredByMe ? "not_scored" : "all" } : {}),
      tag: Boolean(filters.tagId),
    },
    values: {
      ...viewerOf(caller),
      teamId: filters.teamId,
      challengeId: filters.challengeId,
      statuses,
      search,
      tagId: filters.tagId,
      cursorRank,
      cursorTime,
      cursorId,
      trendingFrom: cursorFrom ?? preciseInstant(filters.now ?? new Date()),
      managedTeamIds: caller.managedTeamIds,
      evaluatorChallengeIds: filters.evaluating?.challengeIds ?? [],
      limit: filters.limit + 1,
    },
  };
}

/** The query of one page (limit + 1 rows) of a shape, with placeholders: the query-plan test explains it. */
export function ideaListQuery(db: Database, shape: IdeaListShape) {
  const placeholder = sql.placeholder;
  const rank = rankOf(shape.sort, placeholder("trendingFrom"));
  const cursor = { time: placeholder("cursorTime"), id: placeholder("cursorId") };
  const rankCast = shape.sort === "score" ? sql`numeric` : sql`bigint`;
  const conditions: Array<SQL | undefined> = [
    shape.evaluating ? evaluatingCondition(shape) : visibleIdeaCondition(shape, VIEWER_PLACEHOLDERS),
    shape.mine ? eq(ideas.authorId, placeholder("callerId")) : undefined,
    shape.team ? eq(ideas.teamId, placeholder("teamId")) : undefined,
    shape.challenge ? eq(ideas.challengeId, placeholder("challengeId")) : undefined,
    shape.statuses ? equalsAny(ideas.status, placeholder("statuses"), "text") : undefined,
    shape.search ? matchesSearch(placeholder("search")) : undefined,
    shape.tag ? carriesTag(placeholder("tagId")) : undefined,
    shape.cursor
      ? rank
        ? sql`(${rank}, ${ideas.createdAt}, ${ideas.id}) < (${placeholder("cursorRank")}::${rankCast}, ${cursor.time}::timestamptz, ${cursor.id}::uuid)`
        : beforeKey(ideas.createdAt, ideas.id, cursor)
      : undefined,
  ];
  const query = db
    .select({ ...ideaColumns, ...(rank ? { rankKey: sql<string>`(${rank})::text` } : {}) })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .leftJoin(teams, eq(teams.id, ideas.teamId))
    .leftJoin(challenges, eq(challenges.id, ideas.challengeId))
    .where(and(...conditions));
  const order = rank ? [desc(rank), desc(ideas.createdAt), desc(ideas.id)] : [desc(ideas.createdAt), desc(ideas.id)];
  return query.orderBy(...order).limit(placeholder("limit"));
}

/** How many ideas the caller sees in each status, under the list's filters (no status, no paging). */
export async function countVisibleIdeasByStatus(
  db: Database,
  caller: CompanyCaller,
  filters: Pick<IdeaFilters, "mine" | "teamId" | "challengeId" | "search" | "tagId">,
): Promise<Map<IdeaStatus, number>> {
  const search = filters.search?.trim();
  const rows = await db
    .select({ status: ideas.status, count: sql<number>`count(*)::int` })
    .from(ideas)
    .leftJoin(challenges, eq(challenges.id, ideas.challengeId))
    .where(
      and(
        visibleIdeaCondition(caller, viewerOf(caller)),
        filters.mine ? eq(ideas.authorId, caller.id) : undefined,
        filters.teamId ? eq(ideas.teamId, filters.teamId) : undefined,
        filters.challengeId ? eq(ideas.challengeId, filters.challengeId) : undefined,
        search ? matchesSearch(search) : undefined,
        filters.tagId ? carriesTag(filters.tagId) : undefined,
      ),
    )
    .groupBy(ideas.status);
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

const visibleIdeaStatements =
  preparedStatements<ReturnType<ReturnType<typeof visibleIdeaQuery>["prepare"]>>("ideas_visible");

function visibleIdeaQuery(db: Database, caller: Pick<CompanyCaller, "isAdmin">) {
  return selectIdeas(db)
    .where(and(eq(ideas.id, sql.placeholder("ideaId")), visibleIdeaCondition(caller, VIEWER_PLACEHOLDERS)))
    .limit(1);
}

/** One idea the caller sees, or undefined (404). `forUpdate` locks the idea row. */
export async function findVisibleIdea(
  db: Database,
  caller: CompanyCaller,
  ideaId: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdeaListRow | undefined> {
  if (options.forUpdate) {
    const [locked] = await selectIdeas(db)
      .where(and(eq(ideas.id, ideaId), visibleIdeaCondition(caller, viewerOf(caller))))
      .limit(1)
      .for("update", { of: ideas });
    return locked as IdeaListRow | undefined;
  }
  const statement = visibleIdeaStatements(db, shapeOf(caller.isAdmin), (name) =>
    visibleIdeaQuery(db, caller).prepare(name),
  );
  const [row] = await statement.execute({ ideaId, ...viewerOf(caller) });
  return row as IdeaListRow | undefined;
}

/**
 * An idea under review of a challenge the caller was invited to evaluate, or undefined: what an
 * invited evaluator reads beyond the ideas they see anyway. `forUpdate` locks the idea row.
 */
export async function findIdeaUnderEvaluation(
  db: Database,
  caller: CompanyCaller,
  ideaId: string,
  challengeIds: string[],
  options: { forUpdate?: boolean } = {},
): Promise<IdeaListRow | undefined> {
  if (challengeIds.length === 0) return undefined;
  const query = selectIdeas(db)
    .where(
      and(
        eq(ideas.id, ideaId),
        eq(ideas.companyId, caller.companyId),
        ideasInScoringStatus(ideas.status),
        equalsAny(ideas.challengeId, challengeIds, "uuid"),
      ),
    )
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
  caller: CompanyCaller,
  text: string,
  options: { excludeId?: string; limit: number },
): Promise<IdeaListRow[]> {
  const anyWord = sql`replace(replace(websearch_to_tsquery('english', ${text})::text, '&', '|'), '!', '')::tsquery`;
  const rank = sql<number>`ts_rank(${ideaSearchDocument}, ${anyWord})`;
  const rows = await selectIdeas(db)
    .where(
      and(
        visibleIdeaCondition(caller, viewerOf(caller)),
        sql`${ideaSearchDocument} @@ ${anyWord}`,
        options.excludeId ? ne(ideas.id, options.excludeId) : undefined,
      ),
    )
    .orderBy(desc(rank), desc(ideas.createdAt), desc(ideas.id))
    .limit(options.limit);
  return rows as IdeaListRow[];
}

/** An idea that may say the same as a text being written, with what the AI analysis ranks it by. */
export interface IdeaLikenessRow {
  id: string;
  title: string;
  status: IdeaStatus;
  authorId: string;
  /** pg_trgm's similarity of the idea's title to the text's title, from 0 to 1. */
  titleSimilarity: number;
  /** The idea's distinct lexemes (its title and description, English stemming). */
  lexemes: string[];
}

/**
 * Candidates for the AI analysis's similar ideas, among those the caller sees: the `byTitle` ideas
 * whose titles are nearest to `title` (pg_trgm's distance, walked in order on the trigram GiST
 * index, however many ideas there are), and up to `byWords` ideas whose text matches `termsQuery`
 * (the full-text GIN index, unranked). Both are bounded, so the cost does not grow with the
 * company; the caller ranks and thresholds them.
 */
export async function findIdeasLike(
  db: Database,
  caller: CompanyCaller,
  input: { title: string; termsQuery: string | null; excludeId?: string | null; byTitle: number; byWords: number },
): Promise<IdeaLikenessRow[]> {
  const visible = and(
    visibleIdeaCondition(caller, viewerOf(caller)),
    input.excludeId ? ne(ideas.id, input.excludeId) : undefined,
  );
  const idsOf = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const nearestTitles = await db
    .select({ id: ideas.id })
    .from(ideas)
    .leftJoin(challenges, eq(challenges.id, ideas.challengeId))
    .where(visible)
    .orderBy(sql`${ideas.title} <-> ${input.title}`)
    .limit(input.byTitle);
  const termsQuery = input.termsQuery;
  // With a LIMIT and common words, the planner expects a sequential scan to meet enough matches
  // soon, but it computes the text's tsvector row by row past every idea the caller may not see
  // (70 ms at 100,000 ideas, against 10 through the full-text index): it is told not to.
  const sharingWords = termsQuery
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx
          .select({ id: ideas.id })
          .from(ideas)
          .leftJoin(challenges, eq(challenges.id, ideas.challengeId))
          .where(and(visible, sql`${ideaSearchDocument} @@ ${termsQuery}::tsquery`))
          .limit(input.byWords);
      })
    : [];
  const ids = [...new Set([...idsOf(nearestTitles), ...idsOf(sharingWords)])];
  if (ids.length === 0) return [];
  return db
    .select({
      id: ideas.id,
      title: ideas.title,
      status: ideas.status,
      authorId: ideas.authorId,
      titleSimilarity: sql<number>`similarity(${ideas.title}, ${input.title})`.mapWith(Number),
      lexemes: sql<string[]>`tsvector_to_array(${ideaSearchDocument})`,
    })
    .from(ideas)
    .where(and(eq(ideas.companyId, caller.companyId), equalsAny(ideas.id, ids, "uuid")));
}

/** The challenges the person was invited to evaluate. */
export async function invitedChallengeIdsOf(db: Database, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ challengeId: challengeEvaluators.challengeId })
    .from(challengeEvaluators)
    .where(and(eq(challengeEvaluators.companyId, companyId), eq(challengeEvaluators.userId, userId)));
  return rows.map((row) => row.challengeId);
}

/** The ids among `ideaIds` the person has scored. */
export async function scoredIdeaIdsOf(
  db: Database,
  companyId: string,
  userId: string,
  ideaIds: string[],
): Promise<Set<string>> {
  if (ideaIds.length === 0) return new Set();
  const rows = await db
    .select({ ideaId: ideaEvaluations.ideaId })
    .from(ideaEvaluations)
    .where(
      and(
        eq(ideaEvaluations.companyId, companyId),
        eq(ideaEvaluations.evaluatorId, userId),
        equalsAny(ideaEvaluations.ideaId, ideaIds, "uuid"),
      ),
    );
  return new Set(rows.map((row) => row.ideaId));
}

const votedStatements = preparedStatements<ReturnType<typeof prepareVotedIdeaIds>>("ideas_voted");

function prepareVotedIdeaIds(db: Database, name: string) {
  return db
    .select({ ideaId: votes.ideaId })
    .from(votes)
    .where(
      and(
        eq(votes.companyId, sql.placeholder("companyId")),
        eq(votes.userId, sql.placeholder("userId")),
        equalsAny(votes.ideaId, sql.placeholder("ideaIds"), "uuid"),
      ),
    )
    .prepare(name);
}

/** The ids among `ideaIds` the user voted for. */
export async function votedIdeaIds(
  db: Database,
  companyId: string,
  userId: string,
  ideaIds: string[],
): Promise<Set<string>> {
  if (ideaIds.length === 0) return new Set();
  const statement = votedStatements(db, "", (name) => prepareVotedIdeaIds(db, name));
  const rows = await statement.execute({ companyId, userId, ideaIds });
  return new Set(rows.map((row) => row.ideaId));
}

/** A table of an idea's own rows: its history, its revisions or its comments. */
interface IdeaRowsTable {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  ideaId: AnyPgColumn;
  createdAt: AnyPgColumn;
}

/**
 * The statement listing an idea's rows of `table` oldest first, with the columns and joins of
 * `select`: named `name`, prepared once per executor, the company and idea as placeholders.
 */
function ideaRowsStatement<Query extends PgSelect>(
  name: string,
  table: IdeaRowsTable,
  select: (db: Database) => Query,
): (db: Database) => PgSelectPrepare<Query> {
  const statements = preparedStatements<PgSelectPrepare<Query>>(name);
  const ofIdea = and(eq(table.companyId, sql.placeholder("companyId")), eq(table.ideaId, sql.placeholder("ideaId")));
  return (db) =>
    statements(db, "", (statementName) =>
      select(db).where(ofIdea).orderBy(asc(table.createdAt), asc(table.id)).prepare(statementName),
    );
}

const historyStatement = ideaRowsStatement("ideas_history", ideaEvents, (db) =>
  db
    .select({
      id: ideaEvents.id,
      fromStatus: ideaEvents.fromStatus,
      toStatus: ideaEvents.toStatus,
      actorId: ideaEvents.actorId,
      actorName: users.displayName,
      note: ideaEvents.note,
      checklist: ideaEvents.checklist,
      createdAt: isoTimestamp(ideaEvents.createdAt),
    })
    .from(ideaEvents)
    .leftJoin(users, eq(users.id, ideaEvents.actorId))
    .$dynamic(),
);

/** The status history of an idea, oldest first, with the actors' names. */
export function listIdeaHistory(db: Database, companyId: string, ideaId: string) {
  return historyStatement(db).execute({ companyId, ideaId });
}
export type IdeaHistoryRow = Awaited<ReturnType<typeof listIdeaHistory>>[number];

const revisionsStatement = ideaRowsStatement("ideas_revisions", ideaRevisions, (db) =>
  db
    .select({
      id: ideaRevisions.id,
      title: ideaRevisions.title,
      description: ideaRevisions.description,
      revisedBy: ideaRevisions.revisedBy,
      reviserName: users.displayName,
      createdAt: isoTimestamp(ideaRevisions.createdAt),
    })
    .from(ideaRevisions)
    .leftJoin(users, eq(users.id, ideaRevisions.revisedBy))
    .$dynamic(),
);

/** The earlier versions of an idea's text, oldest first. */
export function listIdeaRevisions(db: Database, companyId: string, ideaId: string) {
  return revisionsStatement(db).execute({ companyId, ideaId });
}
export type IdeaRevisionRow = Awaited<ReturnType<typeof listIdeaRevisions>>[number];

const commentColumns = {
  id: comments.id,
  body: comments.body,
  authorId: comments.authorId,
  authorName: users.displayName,
  createdAt: isoTimestamp(comments.createdAt),
};

const commentsStatement = ideaRowsStatement("ideas_comments", comments, (db) =>
  db.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId)).$dynamic(),
);

/** The comments of an idea, oldest first. */
export function listIdeaComments(db: Database, companyId: string, ideaId: string) {
  return commentsStatement(db).execute({ companyId, ideaId });
}
export type IdeaCommentRow = Awaited<ReturnType<typeof listIdeaComments>>[number];

/** One comment of the company with its author's name, or undefined. */
export async function findIdeaComment(
  db: Database,
  companyId: string,
  commentId: string,
): Promise<IdeaCommentRow | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(isRowOfCompany(comments, companyId, commentId))
    .limit(1);
  return row;
}

/** Who asked for the latest revision of an idea, or null. */
export async function findRevisionRequesterId(db: Database, companyId: string, ideaId: string): Promise<string | null> {
  const [event] = await db
    .select({ actorId: ideaEvents.actorId })
    .from(ideaEvents)
    .where(
      and(
        eq(ideaEvents.companyId, companyId),
        eq(ideaEvents.ideaId, ideaId),
        eq(ideaEvents.toStatus, "needs_revision"),
      ),
    )
    .orderBy(desc(ideaEvents.createdAt), desc(ideaEvents.id))
    .limit(1);
  return event?.actorId ?? null;
}

export type NewIdea = Omit<typeof ideas.$inferInsert, "id" | "createdAt" | "updatedAt" | "voteCount" | "commentCount">;

/** Stores a new idea; answers its id. */
export async function insertIdea(db: Database, idea: NewIdea): Promise<string> {
  return insertReturningId(db, ideas, idea);
}

/** What an edit may change: the text, and for a draft its challenge and team. */
export type IdeaChanges = Partial<Pick<typeof ideas.$inferInsert, "title" | "description" | "challengeId" | "teamId">>;

/** Changes an idea of the company. */
export async function updateIdea(db: Database, companyId: string, ideaId: string, changes: IdeaChanges): Promise<void> {
  await updateRowOfCompany(db, ideas, companyId, ideaId, changes);
}

/**
 * Moves an idea from `from` to `to` (stamping the submission, or clearing it when the idea is
 * withdrawn); false when
 * its status was no longer `from` (a concurrent step came first).
 */
export async function moveIdeaStatus(
  db: Database,
  companyId: string,
  ideaId: string,
  move: { from: IdeaStatus; to: IdeaStatus; submittedAt?: Date | null },
): Promise<boolean> {
  const moved = await db
    .update(ideas)
    .set({ status: move.to, ...(move.submittedAt === undefined ? {} : { submittedAt: move.submittedAt }) })
    .where(and(isRowOfCompany(ideas, companyId, ideaId), eq(ideas.status, move.from)))
    .returning({ id: ideas.id });
  return moved.length > 0;
}

/**
 * Writes a line of an idea's status history, dated `at` (the service's clock, the same instant as
 * the step's submission date, points and notifications), or one microsecond after the idea's
 * latest line when that is later: under the idea's row lock, a step that waited for a concurrent
 * one, or follows another in the same transaction, never sorts before it, whatever the clocks say.
 */
export async function insertIdeaEvent(
  db: Database,
  event: {
    companyId: string;
    ideaId: string;
    fromStatus: IdeaStatus | null;
    toStatus: IdeaStatus;
    actorId: string;
    note?: string | null;
    /** The checklist computed on the text a submission or a resubmission sends. */
    checklist?: ChecklistVerdict[] | null;
  },
  at: Date,
): Promise<void> {
  const afterLatest = sql`(select max(${ideaEvents.createdAt}) + interval '1 microsecond' from ${ideaEvents} where ${ideaEvents.ideaId} = ${event.ideaId})`;
  await db
    .insert(ideaEvents)
    .values({ ...event, createdAt: sql`greatest(${at.toISOString()}::timestamptz, ${afterLatest})` });
}

/** Deletes an idea of the company that is still in `status`; false when it was not (anymore). */
export async function deleteIdea(
  db: Database,
  companyId: string,
  ideaId: string,
  status: IdeaStatus,
): Promise<boolean> {
  const deleted = await db
    .delete(ideas)
    .where(and(isRowOfCompany(ideas, companyId, ideaId), eq(ideas.status, status)))
    .returning({ id: ideas.id });
  return deleted.length > 0;
}

/** Keeps an idea's text as it was before an edit. */
export async function insertIdeaRevision(
  db: Database,
  revision: { companyId: string; ideaId: string; title: string; description: string; revisedBy: string },
): Promise<void> {
  await db.insert(ideaRevisions).values(revision);
}

/** `updated_at` set to itself: $onUpdate would otherwise stamp the update's time. */
const UNCHANGED_UPDATED_AT = sql`${ideas.updatedAt}`;

/**
 * Stores a comment and counts it on the idea; the idea's updated_at stays as it is (a comment is
 * not an edit of the idea). Answers the comment's id.
 */
export async function insertComment(
  db: Database,
  comment: { companyId: string; ideaId: string; authorId: string; body: string },
): Promise<string> {
  const id = await insertReturningId(db, comments, comment);
  await updateRowOfCompany(db, ideas, comment.companyId, comment.ideaId, {
    commentCount: increment(ideas.commentCount),
    updatedAt: UNCHANGED_UPDATED_AT,
  });
  return id;
}

/**
 * Records the user's vote and counts it on the idea (its updated_at stays as it is). Answers the
 * idea's new vote count, or null when the user had already voted (nothing changes).
 */
export async function addVote(
  db: Database,
  vote: { companyId: string; ideaId: string; userId: string },
): Promise<number | null> {
  const added = await db.insert(votes).values(vote).onConflictDoNothing().returning({ id: votes.id });
  if (added.length === 0) return null;
  const [updated] = await db
    .update(ideas)
    .set({ voteCount: increment(ideas.voteCount), updatedAt: UNCHANGED_UPDATED_AT })
    .where(isRowOfCompany(ideas, vote.companyId, vote.ideaId))
    .returning({ votes: ideas.voteCount });
  return updated!.votes;
}

/**
 * Takes the user's vote back and uncounts it (never below zero; updated_at stays as it is).
 * Answers the idea's new vote count, or null when there was no vote.
 */
export async function removeVote(
  db: Database,
  vote: { companyId: string; ideaId: string; userId: string },
): Promise<number | null> {
  const removed = await db
    .delete(votes)
    .where(and(eq(votes.companyId, vote.companyId), eq(votes.ideaId, vote.ideaId), eq(votes.userId, vote.userId)))
    .returning({ id: votes.id });
  if (removed.length === 0) return null;
  const [updated] = await db
    .update(ideas)
    .set({ voteCount: sql`greatest(${ideas.voteCount} - 1, 0)`, updatedAt: UNCHANGED_UPDATED_AT })
    .where(isRowOfCompany(ideas, vote.companyId, vote.ideaId))
    .returning({ votes: ideas.voteCount });
  return updated!.votes;
}
