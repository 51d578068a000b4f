import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type PointTotalSpan, pointLedger, pointTotals, teamMemberships, teams, users } from "../../db/schema/index.ts";

/**
 * What the boards count: points earned. Spending points on a reward (and its refund) moves the
 * balance, never a place on a board. The point_ledger_earned_idx index and the trigger that keeps
 * point_totals have this same condition.
 */
export const EARNED_POINTS = sql`${pointLedger.reason} not in ('reward_redemption', 'reward_refund')`;

export interface BoardRow {
  id: string;
  name: string;
  points: number;
  rank: number;
  teamName: string | null;
}

export interface BoardQuery {
  companyId: string;
  /** Rows created at or after this instant count; null: all time. */
  since: Date | null;
  /** Only people of this team (people boards), only this team (teams board). */
  teamId: string | null;
  limit: number;
  /** Whose row comes back even outside the top: a person (people boards) or a team. */
  meId: string | null;
}

type RankedRow = { id: string; name: string; points: number; rank: number; team_name?: string | null };

/**
 * The span of point_totals whose rows starting at or after `since` hold exactly the earned ledger
 * rows created at or after it: years from the first instant of a UTC year, months from the first
 * instant of a UTC month. Null for any other start (a week): the ledger answers those.
 */
export function totalsSpanFor(since: Date): Exclude<PointTotalSpan, "all"> | null {
  const midnight =
    since.getUTCHours() + since.getUTCMinutes() + since.getUTCSeconds() + since.getUTCMilliseconds() === 0;
  if (!midnight || since.getUTCDate() !== 1) return null;
  return since.getUTCMonth() === 0 ? "year" : "month";
}

/**
 * The earned points of the period by person (`user_id`) or by team (`team_id`, rows earned in a
 * team): a few running totals per person from point_totals for all time and for periods that
 * start on a month, else the ledger's rows since the start (point_ledger_earned_idx).
 */
function earnedBy(key: "user_id" | "team_id", companyId: string, since: Date | null): SQL {
  const span = since ? totalsSpanFor(since) : "all";
  if (since && !span) {
    const column = key === "user_id" ? pointLedger.userId : pointLedger.teamId;
    return sql`
      select ${column} as ${sql.raw(key)}, sum(${pointLedger.delta})::int as points
      from ${pointLedger}
      where ${pointLedger.companyId} = ${companyId} and ${EARNED_POINTS}
        and ${pointLedger.createdAt} >= ${since.toISOString()}::timestamptz
        ${key === "team_id" ? sql`and ${pointLedger.teamId} is not null` : sql``}
      group by ${column}`;
  }
  const column = key === "user_id" ? pointTotals.userId : pointTotals.teamId;
  const fromStart = since ? sql`and ${pointTotals.startsOn} >= ${since.toISOString().slice(0, 10)}::date` : sql``;
  return sql`
    select ${column} as ${sql.raw(key)}, sum(${pointTotals.points})::int as points
    from ${pointTotals}
    where ${pointTotals.companyId} = ${companyId} and ${pointTotals.span} = ${span} ${fromStart}
      ${key === "team_id" ? sql`and ${pointTotals.teamId} is not null` : sql``}
    group by ${column}`;
}

function boardRowOf(row: RankedRow): BoardRow {
  return {
    id: row.id,
    name: row.name,
    points: Number(row.points),
    rank: Number(row.rank),
    teamName: row.team_name ?? null,
  };
}

/**
 * A people board: each active person's earned points in the period, ranked like `rank()` (ties
 * share a rank: one plus the number of people with more points); the first `limit` rows by points
 * then name, plus `meId`'s. Nobody outside the first rows has more points than one inside them, so
 * ranking the first rows among themselves is exact, and only the caller's row outside them needs a
 * count over everyone: no sort of the whole board. `managers`: people who manage a team by
 * membership; otherwise everyone who manages none.
 */
export async function selectPeopleBoard(db: Database, query: BoardQuery & { managers: boolean }): Promise<BoardRow[]> {
  const result = await db.execute<RankedRow>(peopleBoardQuery(query));
  return result.rows.map(boardRowOf);
}

/** The statement of a people board (the query-plan test explains it). */
export function peopleBoardQuery(query: BoardQuery & { managers: boolean }): SQL {
  const managesATeam = sql`exists (select 1 from ${teamMemberships} m where m.user_id = u.id and m.company_id = ${query.companyId} and m.is_manager)`;
  const inTeam = query.teamId
    ? sql`and exists (select 1 from ${teamMemberships} t where t.user_id = u.id and t.team_id = ${query.teamId} and t.company_id = ${query.companyId})`
    : sql``;
  return sql`
    with totals as (${earnedBy("user_id", query.companyId, query.since)}),
    eligible as (
      select u.id, u.display_name as name, totals.points
      from totals
      join ${users} u on u.id = totals.user_id
      where u.company_id = ${query.companyId} and u.is_active
        and ${query.managers ? managesATeam : sql`not ${managesATeam}`}
        ${inTeam}
    ),
    top as (select * from eligible order by points desc, name, id limit ${query.limit}),
    shown as (
      select top.*, rank() over (order by top.points desc)::int as rank from top
      union all
      select mine.*, 1 + (select count(*) from eligible e where e.points > mine.points)::int as rank
      from eligible mine
      where mine.id = ${query.meId} and not exists (select 1 from top where top.id = mine.id)
    )
    select shown.id, shown.name, shown.points, shown.rank,
      (select tm.name from ${teamMemberships} m join ${teams} tm on tm.id = m.team_id
        where m.user_id = shown.id order by m.created_at limit 1) as team_name
    from shown
    order by shown.points desc, shown.name, shown.id`;
}

/** The teams board: earned points by the team they were earned in (live teams), ranked like people. */
export async function selectTeamsBoard(db: Database, query: BoardQuery): Promise<BoardRow[]> {
  const result = await db.execute<RankedRow>(teamsBoardQuery(query));
  return result.rows.map(boardRowOf);
}

/** The statement of the teams board (the query-plan test explains it). */
export function teamsBoardQuery(query: BoardQuery): SQL {
  const oneTeam = query.teamId ? sql`and t.id = ${query.teamId}` : sql``;
  return sql`
    with totals as (${earnedBy("team_id", query.companyId, query.since)}),
    ranked as (
      select t.id, t.name, totals.points, rank() over (order by totals.points desc)::int as rank
      from totals
      join ${teams} t on t.id = totals.team_id
      where t.company_id = ${query.companyId} and t.archived_at is null ${oneTeam}
    ),
    shown as (
      (select * from ranked order by points desc, name, id limit ${query.limit})
      union
      (select * from ranked where id = ${query.meId})
    )
    select id, name, points, rank from shown
    order by points desc, name, id`;
}
