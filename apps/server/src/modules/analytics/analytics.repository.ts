import { type ActionStatus, FINAL_IDEA_STATUSES, type IdeaStatus } from "@ideaport/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  actions,
  challenges,
  comments,
  ideaEvaluations,
  ideaEvents,
  ideas,
  ideasWaitingForReview,
  ideaTags,
  pointLedger,
  tags,
  teamMemberships,
  teams,
  users,
  votes,
} from "../../db/schema/index.ts";

/** What every figure is limited to: a company, a span of instants and, optionally, one team. */
export interface AnalyticsScope {
  companyId: string;
  /** First instant of the period. */
  start: Date;
  /** First instant after the period. */
  end: Date;
  teamId: string | null;
}

/** An approved idea is actioned once its action is in progress or done. */
export const ACTIONED: readonly ActionStatus[] = ["in_progress", "done"];
/** What counts as points awarded: earned points, not spending nor refunds (as the leaderboards). */
const EARNED_POINTS = sql`${pointLedger.reason} not in ('reward_redemption', 'reward_refund')`;

/**
 * Whether `viewerId` reads the score of the idea `alias` (with its id and status) as they would on
 * the idea itself: once it is decided, or once they scored it themselves (until then an evaluator
 * sees how many scored, not what they gave; idea_evaluations_idea_evaluator_unique).
 */
function scoreReadable(alias: string, companyId: string, viewerId: string): SQL {
  const idea = sql.raw(alias);
  // Our own constants, written out as literals.
  const decided = sql.raw(FINAL_IDEA_STATUSES.map((status) => `'${status}'`).join(", "));
  return sql`(${idea}.status in (${decided}) or exists (
      select 1 from ${ideaEvaluations} e
      where e.idea_id = ${idea}.id and e.evaluator_id = ${viewerId} and e.company_id = ${companyId}))`;
}

/** A list of ids as one uuid[] parameter. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * The ideas submitted in the period (ideas_company_submitted_idx, or ideas_company_team_submitted_idx
 * with a team): the rows most figures are counted over.
 */
function periodIdeas(scope: AnalyticsScope, columns: SQL): SQL {
  return sql`
    select ${columns} from ${ideas}
    where ${ideas.companyId} = ${scope.companyId}
      ${scope.teamId ? sql`and ${ideas.teamId} = ${scope.teamId}` : sql``}
      and ${ideas.submittedAt} >= ${scope.start.toISOString()}::timestamptz
      and ${ideas.submittedAt} < ${scope.end.toISOString()}::timestamptz`;
}

export interface IdeaGroupRow {
  /** Which grouping the row is: by status, by team, by challenge. */
  grouping: "status" | "team" | "challenge";
  key: string | null;
  count: number;
  approved: number;
}

/** Counts of the period's ideas by status, by team and by challenge, in one pass over them. */
export function periodIdeasQuery(scope: AnalyticsScope): SQL {
  return sql`
    with period_ideas as materialized (${periodIdeas(scope, sql`status, team_id, challenge_id`)})
    select grouping(status, team_id, challenge_id)::int as g, status, team_id, challenge_id,
           count(*)::int as count, (count(*) filter (where status = 'approved'))::int as approved
    from period_ideas
    group by grouping sets ((status), (team_id), (challenge_id))`;
}

export async function countPeriodIdeas(db: Database, scope: AnalyticsScope): Promise<IdeaGroupRow[]> {
  const result = await db.execute<{
    g: number;
    status: string | null;
    team_id: string | null;
    challenge_id: string | null;
    count: number;
    approved: number;
  }>(periodIdeasQuery(scope));
  return result.rows.map((row) => {
    // grouping() sets a bit for each column left out: 3 (011) keeps status, 5 (101) team, 6 (110) challenge.
    const grouping = row.g === 3 ? "status" : row.g === 5 ? "team" : "challenge";
    const key = grouping === "status" ? row.status : grouping === "team" ? row.team_id : row.challenge_id;
    return { grouping, key, count: Number(row.count), approved: Number(row.approved) };
  });
}

export interface TagCountRow {
  tagId: string;
  tagName: string;
  count: number;
}

/** The period's ideas by the tags they carry, most first (idea_tags' primary key per idea), at most `limit`. */
export function periodIdeasByTagQuery(scope: AnalyticsScope, limit: number): SQL {
  return sql`
    with period_ideas as materialized (${periodIdeas(scope, sql`id`)})
    select ${tags.id} as tag_id, ${tags.name} as tag_name, count(*)::int as count
    from period_ideas
    join ${ideaTags} on ${ideaTags.ideaId} = period_ideas.id and ${ideaTags.companyId} = ${scope.companyId}
    join ${tags} on ${tags.id} = ${ideaTags.tagId} and ${tags.companyId} = ${ideaTags.companyId}
    group by ${tags.id}, ${tags.name}
    order by count(*) desc, lower(${tags.name}), ${tags.id}
    limit ${limit}`;
}

export async function countPeriodIdeasByTag(
  db: Database,
  scope: AnalyticsScope,
  limit: number,
): Promise<TagCountRow[]> {
  const result = await db.execute<{ tag_id: string; tag_name: string; count: number }>(
    periodIdeasByTagQuery(scope, limit),
  );
  return result.rows.map((row) => ({ tagId: row.tag_id, tagName: row.tag_name, count: Number(row.count) }));
}

export interface ScoreDistributionRow {
  challengeId: string | null;
  challengeTitle: string | null;
  scored: number;
  /** The average of the ideas' weighted scores, unrounded. */
  average: number;
  /** Ideas in each of ANALYTICS_SCORE_BUCKETS, in order. */
  buckets: number[];
}

/**
 * The period's scored ideas by challenge (null for ideas outside any), from the weighted score each
 * idea keeps, as far as `viewerId` reads it (scoreReadable): how many, their average, and how many
 * fall in each bucket of one point (over the score rounded to one decimal, as shown; 5.0 in the
 * last). Challenges with most scored ideas first, at most `limit`; ideas outside any challenge
 * after the challenges they tie with.
 */
export function scoreDistributionQuery(scope: AnalyticsScope, viewerId: string, limit: number): SQL {
  const shown = sql.raw("round(s.score, 1)");
  return sql`
    with scored as materialized (
      select p.challenge_id, p.score
      from (${periodIdeas(scope, sql`id, status, challenge_id, score`)} and ${ideas.score} is not null) p
      where ${scoreReadable("p", scope.companyId, viewerId)}
    )
    select s.challenge_id, c.title as challenge_title, count(*)::int as scored, avg(s.score)::float8 as average,
           (count(*) filter (where ${shown} < 2))::int as b1,
           (count(*) filter (where ${shown} >= 2 and ${shown} < 3))::int as b2,
           (count(*) filter (where ${shown} >= 3 and ${shown} < 4))::int as b3,
           (count(*) filter (where ${shown} >= 4))::int as b4
    from scored s
    left join ${challenges} c on c.id = s.challenge_id and c.company_id = ${scope.companyId}
    group by s.challenge_id, c.title
    order by count(*) desc, s.challenge_id is null, lower(c.title), s.challenge_id
    limit ${limit}`;
}

export async function scoreDistribution(
  db: Database,
  scope: AnalyticsScope,
  viewerId: string,
  limit: number,
): Promise<ScoreDistributionRow[]> {
  const result = await db.execute<{
    challenge_id: string | null;
    challenge_title: string | null;
    scored: number;
    average: number | string;
    b1: number;
    b2: number;
    b3: number;
    b4: number;
  }>(scoreDistributionQuery(scope, viewerId, limit));
  return result.rows.map((row) => ({
    challengeId: row.challenge_id,
    challengeTitle: row.challenge_title,
    scored: Number(row.scored),
    average: Number(row.average),
    buckets: [row.b1, row.b2, row.b3, row.b4].map(Number),
  }));
}

/** The period's approved ideas' actions by status, and those past their due day (before `today`) and not done. */
export function periodActionsQuery(scope: AnalyticsScope, today: string): SQL {
  return sql`
    with period_ideas as (${periodIdeas(scope, sql`id`)} and ${ideas.status} = 'approved')
    select a.status, count(*)::int as count,
           (count(*) filter (where a.due_date < ${today}::date and a.status <> 'done'))::int as overdue
    from ${actions} a join period_ideas p on p.id = a.idea_id
    where a.company_id = ${scope.companyId}
    group by a.status`;
}

export async function countPeriodActions(
  db: Database,
  scope: AnalyticsScope,
  today: string,
): Promise<{ status: ActionStatus; count: number; overdue: number }[]> {
  const result = await db.execute<{ status: ActionStatus; count: number; overdue: number }>(
    periodActionsQuery(scope, today),
  );
  return result.rows.map((row) => ({ status: row.status, count: Number(row.count), overdue: Number(row.overdue) }));
}

export interface DurationRow {
  count: number;
  median: number | null;
  p90: number | null;
}

/**
 * Hours from submission to the first reviewer's step and to the decision, over the period's ideas
 * that got there: the idea's own first_reviewed_at and decided_at (kept by the database from its
 * status history), percentiles in the database.
 */
export function reviewDurationsQuery(scope: AnalyticsScope): SQL {
  const hours = (column: SQL) => sql`extract(epoch from ${column}) / 3600`;
  return sql`
    with times as (${periodIdeas(scope, sql`first_reviewed_at - submitted_at as review, decided_at - submitted_at as decision`)})
    select count(review)::int as review_count,
           ${hours(sql`percentile_cont(0.5) within group (order by review)`)} as review_median,
           ${hours(sql`percentile_cont(0.9) within group (order by review)`)} as review_p90,
           count(decision)::int as decision_count,
           ${hours(sql`percentile_cont(0.5) within group (order by decision)`)} as decision_median,
           ${hours(sql`percentile_cont(0.9) within group (order by decision)`)} as decision_p90
    from times`;
}

export async function reviewDurations(
  db: Database,
  scope: AnalyticsScope,
): Promise<{ firstReview: DurationRow; decision: DurationRow }> {
  const result = await db.execute<{
    review_count: number;
    review_median: number | null;
    review_p90: number | null;
    decision_count: number;
    decision_median: number | null;
    decision_p90: number | null;
  }>(reviewDurationsQuery(scope));
  const row = result.rows[0]!;
  const number = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    firstReview: {
      count: Number(row.review_count),
      median: number(row.review_median),
      p90: number(row.review_p90),
    },
    decision: {
      count: Number(row.decision_count),
      median: number(row.decision_median),
      p90: number(row.decision_p90),
    },
  };
}

/**
 * Ideas waiting for a reviewer now whose status has not changed since `before`, by team
 * (ideas_waiting_idx: the list of statuses is the index's own, written out so the planner can use it).
 */
export function staleReviewsQuery(scope: Pick<AnalyticsScope, "companyId" | "teamId">, before: Date): SQL {
  return sql`
    select i.team_id, count(*)::int as count
    from ${ideas} i
    where i.company_id = ${scope.companyId}
      ${scope.teamId ? sql`and i.team_id = ${scope.teamId}` : sql``}
      and ${ideasWaitingForReview(sql.raw("i.status"))}
      and coalesce(i.last_event_at, '-infinity') < ${before.toISOString()}::timestamptz
    group by i.team_id`;
}

export async function countStaleReviews(
  db: Database,
  scope: Pick<AnalyticsScope, "companyId" | "teamId">,
  before: Date,
): Promise<{ teamId: string | null; count: number }[]> {
  const result = await db.execute<{ team_id: string | null; count: number }>(staleReviewsQuery(scope, before));
  return result.rows.map((row) => ({ teamId: row.team_id, count: Number(row.count) }));
}

export interface ParticipationRow {
  activePeople: number;
  submitted: number;
  commented: number;
  voted: number;
  participated: number;
}

/**
 * Active people (active accounts of the company, or active members of the team) and how many of
 * them submitted an idea, commented or voted in the period, and did any of it: the distinct people
 * of each kind of activity, each from its company-and-time index alone.
 */
export function participationQuery(scope: AnalyticsScope): SQL {
  const start = sql`${scope.start.toISOString()}::timestamptz`;
  const end = sql`${scope.end.toISOString()}::timestamptz`;
  const people = scope.teamId
    ? sql`select u.id from ${users} u join ${teamMemberships} m on m.user_id = u.id
          where m.team_id = ${scope.teamId} and m.company_id = ${scope.companyId} and u.is_active`
    : sql`select u.id from ${users} u where u.company_id = ${scope.companyId} and u.is_active`;
  return sql`
    with submitted as (
      select distinct author_id as id from ${ideas}
      where company_id = ${scope.companyId} and submitted_at >= ${start} and submitted_at < ${end}
    ),
    commented as (
      select distinct author_id as id from ${comments}
      where company_id = ${scope.companyId} and created_at >= ${start} and created_at < ${end}
    ),
    voted as (
      select distinct user_id as id from ${votes}
      where company_id = ${scope.companyId} and created_at >= ${start} and created_at < ${end}
    )
    select count(*)::int as people, count(s.id)::int as submitted, count(c.id)::int as commented,
           count(v.id)::int as voted, count(coalesce(s.id, c.id, v.id))::int as participated
    from (${people}) p
    left join submitted s on s.id = p.id
    left join commented c on c.id = p.id
    left join voted v on v.id = p.id`;
}

export async function countParticipation(db: Database, scope: AnalyticsScope): Promise<ParticipationRow> {
  const result = await db.execute<{
    people: number;
    submitted: number;
    commented: number;
    voted: number;
    participated: number;
  }>(participationQuery(scope));
  const row = result.rows[0]!;
  return {
    activePeople: Number(row.people),
    submitted: Number(row.submitted),
    commented: Number(row.commented),
    voted: Number(row.voted),
    participated: Number(row.participated),
  };
}

export interface ContributorRow {
  userId: string;
  name: string;
  points: number;
  ideasSubmitted: number;
}

/**
 * Points earned in the period (point_ledger_earned_idx) in total, and the `limit` people who earned
 * most, with the ideas they submitted in it; with a team, points earned in that team.
 */
export function pointsQuery(scope: AnalyticsScope, limit: number): SQL {
  const earned = sql`
    select ${pointLedger.userId} as user_id, sum(${pointLedger.delta})::int as points
    from ${pointLedger}
    where ${pointLedger.companyId} = ${scope.companyId} and ${EARNED_POINTS}
      and ${pointLedger.createdAt} >= ${scope.start.toISOString()}::timestamptz
      and ${pointLedger.createdAt} < ${scope.end.toISOString()}::timestamptz
      ${scope.teamId ? sql`and ${pointLedger.teamId} = ${scope.teamId}` : sql``}
    group by ${pointLedger.userId}`;
  return sql`
    with earned as materialized (${earned}),
    top as (
      select e.user_id, u.display_name as name, e.points
      from earned e join ${users} u on u.id = e.user_id
      where e.points > 0
      order by e.points desc, u.display_name, e.user_id
      limit ${limit}
    ),
    authored as (
      select author_id, count(*)::int as ideas
      from (${periodIdeas(scope, sql`author_id`)}) period_ideas
      where author_id in (select user_id from top)
      group by author_id
    )
    select (select coalesce(sum(points), 0)::int from earned) as total, t.user_id, t.name, t.points,
           coalesce(a.ideas, 0) as ideas
    from (select 1) one
    left join top t on true
    left join authored a on a.author_id = t.user_id
    order by t.points desc, t.name, t.user_id`;
}

export async function sumPoints(
  db: Database,
  scope: AnalyticsScope,
  limit: number,
): Promise<{ total: number; top: ContributorRow[] }> {
  const result = await db.execute<{
    total: number | null;
    user_id: string | null;
    name: string | null;
    points: number | null;
    ideas: number | null;
  }>(pointsQuery(scope, limit));
  const total = Number(result.rows[0]?.total ?? 0);
  const top = result.rows
    .filter((row) => row.user_id !== null)
    .map((row) => ({
      userId: row.user_id!,
      name: row.name ?? "",
      points: Number(row.points),
      ideasSubmitted: Number(row.ideas),
    }));
  return { total, top };
}

/** Names of the company's teams, by id (archived ones too: old ideas point at them). */
export async function teamNames(db: Database, companyId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.companyId, companyId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One team of the company, or undefined. */
export async function findTeam(
  db: Database,
  companyId: string,
  teamId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(isRowOfCompany(teams, companyId, teamId));
  return row;
}

/** Titles of the company's challenges among `ids`. */
export async function challengeTitles(db: Database, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; title: string }>(sql`
    select id, title from ${challenges}
    where company_id = ${companyId} and id = any(${uuidArray(ids)})`);
  return new Map(result.rows.map((row) => [row.id, row.title]));
}

export interface ExportIdeaRow {
  id: string;
  title: string;
  status: IdeaStatus;
  teamName: string | null;
  authorName: string;
  challengeTitle: string | null;
  submittedAt: Date;
  /** The submission instant to the microsecond, for the next batch's cursor. */
  submittedAtExact: string;
  /** The first reviewer's step and the decision, from the idea's status history. */
  firstReviewedAt: Date | null;
  decidedAt: Date | null;
  voteCount: number;
  commentCount: number;
  actionStatus: ActionStatus | null;
  actionDueDate: string | null;
  /**
   * The stored weighted score (null while nobody scored, or while the viewer may not read it:
   * scoreReadable) and how many evaluators scored.
   */
  score: number | null;
  scoreCount: number;
}

/** Where a batch of the export ends: the last idea's submission instant (as PostgreSQL writes it, to the microsecond) and id. */
export interface ExportCursor {
  submittedAt: string;
  id: string;
}

/**
 * One batch of the period's ideas for the export, oldest submission first, after `after`
 * (keyset on submitted_at and id, so each batch starts where the last ended); scores as far as
 * `viewerId` reads them (scoreReadable).
 */
export function exportBatchQuery(
  scope: AnalyticsScope,
  viewerId: string,
  after: ExportCursor | null,
  limit: number,
): SQL {
  // The batch's ideas first, in the order of ideas_company_submitted_idx, then their names.
  return sql`
    select i.id, i.title, i.status, t.name as team_name, u.display_name as author_name, c.title as challenge_title,
           i.submitted_at, i.submitted_at::text as submitted_exact, i.first_reviewed_at, i.decided_at,
           i.vote_count, i.comment_count,
           a.status as action_status, a.due_date::text as action_due_date,
           case when ${scoreReadable("i", scope.companyId, viewerId)} then i.score::float8 end as score, i.score_count
    from (
      ${periodIdeas(
        scope,
        sql`id, company_id, title, status, team_id, author_id, challenge_id, submitted_at, first_reviewed_at, decided_at,
            vote_count, comment_count, score, score_count`,
      )}
      ${after ? sql`and (submitted_at, id) > (${after.submittedAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by submitted_at, id
      limit ${limit}
    ) i
    join ${users} u on u.id = i.author_id
    left join ${teams} t on t.id = i.team_id and t.company_id = i.company_id
    left join ${challenges} c on c.id = i.challenge_id and c.company_id = i.company_id
    left join ${actions} a on a.idea_id = i.id and a.company_id = i.company_id
    order by i.submitted_at, i.id`;
}

export async function exportBatch(
  db: Database,
  scope: AnalyticsScope,
  viewerId: string,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportIdeaRow[]> {
  const result = await db.execute<{
    id: string;
    title: string;
    status: IdeaStatus;
    team_name: string | null;
    author_name: string;
    challenge_title: string | null;
    submitted_at: string | Date;
    submitted_exact: string;
    first_reviewed_at: string | Date | null;
    decided_at: string | Date | null;
    vote_count: number;
    comment_count: number;
    action_status: ActionStatus | null;
    action_due_date: string | null;
    score: number | string | null;
    score_count: number;
  }>(exportBatchQuery(scope, viewerId, after, limit));
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    teamName: row.team_name,
    authorName: row.author_name,
    challengeTitle: row.challenge_title,
    submittedAt: new Date(row.submitted_at),
    submittedAtExact: row.submitted_exact,
    firstReviewedAt: row.first_reviewed_at === null ? null : new Date(row.first_reviewed_at),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
    voteCount: Number(row.vote_count),
    commentCount: Number(row.comment_count),
    actionStatus: row.action_status,
    actionDueDate: row.action_due_date,
    score: row.score === null ? null : Number(row.score),
    scoreCount: Number(row.score_count),
  }));
}

export interface ExportEventRow {
  ideaId: string;
  toStatus: IdeaStatus;
  createdAt: Date;
}

/** The status histories of a batch's ideas, oldest change first (idea_events_idea_created_idx). */
export async function exportEvents(db: Database, companyId: string, ideaIds: string[]): Promise<ExportEventRow[]> {
  if (ideaIds.length === 0) return [];
  const result = await db.execute<{ idea_id: string; to_status: IdeaStatus; created_at: string | Date }>(sql`
    select idea_id, to_status, created_at from ${ideaEvents}
    where company_id = ${companyId} and idea_id = any(${uuidArray(ideaIds)})
    order by idea_id, created_at, id`);
  return result.rows.map((row) => ({
    ideaId: row.idea_id,
    toStatus: row.to_status,
    createdAt: new Date(row.created_at),
  }));
}
