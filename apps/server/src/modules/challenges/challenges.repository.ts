import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type ChallengeScope, type ChallengeStatus, challenges, ideas, teams, users } from "../../db/schema.ts";
import { afterCursor, pageOf, preciseTimestamp } from "../ideas/keyset.ts";
import type { Viewer } from "../ideas/viewer.ts";

/**
 * Who sees a challenge: active and closed company challenges are the whole company's; proposals
 * (and rejected ones) only their proposer's and the admins'; team challenges their team's and the
 * admins'. Everything stays inside the viewer's company.
 */
export function visibleChallengeCondition(viewer: Viewer): SQL {
  const sameCompany = eq(challenges.companyId, viewer.companyId);
  if (viewer.isAdmin) return sameCompany;
  const ownTeams = viewer.teamIds.length > 0 ? inArray(challenges.teamId, viewer.teamIds) : sql`false`;
  return and(
    sameCompany,
    or(
      eq(challenges.createdBy, viewer.userId),
      and(eq(challenges.scope, "company"), inArray(challenges.status, ["active", "closed"])),
      and(eq(challenges.scope, "team"), ownTeams),
    ),
  )!;
}

const challengeColumns = {
  id: challenges.id,
  companyId: challenges.companyId,
  teamId: challenges.teamId,
  teamName: teams.name,
  scope: challenges.scope,
  title: challenges.title,
  description: challenges.description,
  status: challenges.status,
  startsAt: challenges.startsAt,
  endsAt: challenges.endsAt,
  rewardPoints: challenges.rewardPoints,
  createdBy: challenges.createdBy,
  creatorName: users.displayName,
  createdAt: challenges.createdAt,
  ideaCount: sql<number>`(select count(*) from ${ideas} where ${ideas.challengeId} = ${challenges.id} and ${ideas.status} <> 'draft')::int`,
  sortKey: preciseTimestamp(challenges.createdAt),
};

export type ChallengeListRow = {
  id: string;
  companyId: string;
  teamId: string | null;
  teamName: string | null;
  scope: ChallengeScope;
  title: string;
  description: string;
  status: ChallengeStatus;
  startsAt: Date | null;
  endsAt: Date | null;
  rewardPoints: number | null;
  createdBy: string;
  creatorName: string | null;
  createdAt: Date;
  ideaCount: number;
  sortKey: string;
};

function selectChallenges(db: Database) {
  return db
    .select(challengeColumns)
    .from(challenges)
    .leftJoin(teams, eq(teams.id, challenges.teamId))
    .leftJoin(users, eq(users.id, challenges.createdBy));
}

export interface ChallengeFilters {
  scope?: ChallengeScope;
  status?: ChallengeStatus;
  teamId?: string;
  cursor?: string;
  limit: number;
}

/** A page of the challenges the viewer sees, newest first. */
export async function listVisibleChallenges(db: Database, viewer: Viewer, filters: ChallengeFilters) {
  const conditions: Array<SQL | undefined> = [
    visibleChallengeCondition(viewer),
    filters.scope ? eq(challenges.scope, filters.scope) : undefined,
    filters.status ? eq(challenges.status, filters.status) : undefined,
    filters.teamId ? eq(challenges.teamId, filters.teamId) : undefined,
    afterCursor(filters.cursor, challenges.createdAt, challenges.id),
  ];
  const rows = await selectChallenges(db)
    .where(and(...conditions))
    .orderBy(desc(challenges.createdAt), desc(challenges.id))
    .limit(filters.limit + 1);
  return pageOf(rows as ChallengeListRow[], filters.limit);
}

/** One challenge the viewer sees, or undefined (unknown, another company's, or hidden: 404). */
export async function findVisibleChallenge(
  db: Database,
  viewer: Viewer,
  challengeId: string,
): Promise<ChallengeListRow | undefined> {
  const [row] = await selectChallenges(db)
    .where(and(eq(challenges.id, challengeId), visibleChallengeCondition(viewer)))
    .limit(1);
  return row as ChallengeListRow | undefined;
}
