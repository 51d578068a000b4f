import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pointLedger, teamMemberships, teams, users } from "../../db/schema.ts";

/**
 * What the boards count: points earned. Spending points on a reward (and its refund) moves the
 * balance, never a place on a board. The point_ledger_earned_idx index has this same condition.
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

function sinceCondition(since: Date | null): SQL {
  return since ? sql`and ${pointLedger.createdAt} >= ${since.toISOString()}::timestamptz` : sql``;
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
 * A people board: each active person's earned points in the period, ranked with `rank()` (ties
 * share a rank); the first `limit` rows plus `meId`'s. `managers`: people who manage a team by
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
    with totals as (
      select ${pointLedger.userId} as user_id, sum(${pointLedger.delta})::int as points
      from ${pointLedger}
      where ${pointLedger.companyId} = ${query.companyId} and ${EARNED_POINTS} ${sinceCondition(query.since)}
      group by ${pointLedger.userId}
    ),
    ranked as (
      select u.id, u.display_name as name, totals.points,
        rank() over (order by totals.points desc)::int as rank,
        row_number() over (order by totals.points desc, u.display_name, u.id) as position
      from totals
      join ${users} u on u.id = totals.user_id
      where u.company_id = ${query.companyId} and u.is_active
        and ${query.managers ? managesATeam : sql`not ${managesATeam}`}
        ${inTeam}
    )
    select ranked.id, ranked.name, ranked.points, ranked.rank,
      (select tm.name from ${teamMemberships} m join ${teams} tm on tm.id = m.team_id
        where m.user_id = ranked.id order by m.created_at limit 1) as team_name
    from ranked
    where ranked.position <= ${query.limit} or ranked.id = ${query.meId}
    order by ranked.position`;
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
    with totals as (
      select ${pointLedger.teamId} as team_id, sum(${pointLedger.delta})::int as points
      from ${pointLedger}
      where ${pointLedger.companyId} = ${query.companyId} and ${pointLedger.teamId} is not null
        and ${EARNED_POINTS} ${sinceCondition(query.since)}
      group by ${pointLedger.teamId}
    ),
    ranked as (
      select t.id, t.name, totals.points,
        rank() over (order by totals.points desc)::int as rank,
        row_number() over (order by totals.points desc, t.name, t.id) as position
      from totals
      join ${teams} t on t.id = totals.team_id
      where t.company_id = ${query.companyId} and t.archived_at is null ${oneTeam}
    )
    select id, name, points, rank from ranked
    where position <= ${query.limit} or id = ${query.meId}
    order by position`;
}
