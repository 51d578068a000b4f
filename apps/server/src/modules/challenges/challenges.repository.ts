import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { CompanyCaller } from "../../core/caller.ts";
import { newestFirstPage, preciseTimestamp } from "../../core/keyset.ts";
import { findFirst, insertReturningId, isRowOfCompany, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { type ChallengeScope, type ChallengeStatus, challenges, ideas, teams, users } from "../../db/schema/index.ts";

/**
 * Who sees a challenge: active and closed company challenges are the whole company's; proposals
 * (and rejected ones) only their proposer's and the admins'; team challenges their team's and the
 * admins'. Everything stays inside the caller's company.
 */
export function visibleChallengeCondition(caller: CompanyCaller): SQL {
  const sameCompany = eq(challenges.companyId, caller.companyId);
  if (caller.isAdmin) return sameCompany;
  const ownTeams = caller.teamIds.length > 0 ? inArray(challenges.teamId, caller.teamIds) : sql`false`;
  return and(
    sameCompany,
    or(
      eq(challenges.createdBy, caller.id),
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
  decidedAt: challenges.decidedAt,
  decisionNote: challenges.decisionNote,
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
  decidedAt: Date | null;
  decisionNote: string | null;
  createdAt: Date;
  ideaCount: number;
  sortKey: string;
};

function selectChallenges(db: Database) {
  return db
    .select(challengeColumns)
    .from(challenges)
    .leftJoin(teams, eq(teams.id, challenges.teamId))
    .leftJoin(users, eq(users.id, challenges.createdBy))
    .$dynamic();
}

export interface ChallengeFilters {
  /** Only the challenges the caller created or proposed. */
  mine?: boolean;
  scope?: ChallengeScope;
  status?: ChallengeStatus;
  teamId?: string;
  cursor?: string;
  limit: number;
}

/** A page of the challenges the caller sees, newest first. */
export async function listVisibleChallenges(db: Database, caller: CompanyCaller, filters: ChallengeFilters) {
  const conditions = [
    visibleChallengeCondition(caller),
    filters.mine ? eq(challenges.createdBy, caller.id) : undefined,
    filters.scope ? eq(challenges.scope, filters.scope) : undefined,
    filters.status ? eq(challenges.status, filters.status) : undefined,
    filters.teamId ? eq(challenges.teamId, filters.teamId) : undefined,
  ];
  return newestFirstPage<ChallengeListRow>(selectChallenges(db), challenges, conditions, filters);
}

/** One challenge the caller sees, or undefined (unknown, another company's, or hidden: 404). */
export async function findVisibleChallenge(
  db: Database,
  caller: CompanyCaller,
  challengeId: string,
): Promise<ChallengeListRow | undefined> {
  return findFirst(selectChallenges(db), and(eq(challenges.id, challengeId), visibleChallengeCondition(caller)));
}

/** A live (not archived) team of the company, or undefined: the team a team challenge is posted for. */
export async function findActiveTeamId(db: Database, companyId: string, teamId: string): Promise<string | undefined> {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId), isNull(teams.archivedAt)))
    .limit(1);
  return team?.id;
}

export type NewChallenge = Omit<typeof challenges.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Stores a new challenge; answers its id. */
export async function insertChallenge(db: Database, challenge: NewChallenge): Promise<string> {
  return insertReturningId(db, challenges, challenge);
}

/** The editable fields of a challenge: text, dates and reward. */
export type ChallengeChanges = Partial<
  Pick<typeof challenges.$inferInsert, "title" | "description" | "rewardPoints" | "startsAt" | "endsAt">
>;

/** Changes a challenge of the company. */
export async function updateChallenge(
  db: Database,
  companyId: string,
  challengeId: string,
  changes: ChallengeChanges,
): Promise<void> {
  await updateRowOfCompany(db, challenges, companyId, challengeId, changes);
}

/**
 * Decides on a proposal still waiting for it: active when approved, rejected otherwise. False
 * when it was no longer a proposal (someone decided first).
 */
export async function decideProposal(
  db: Database,
  companyId: string,
  challengeId: string,
  decision: { approved: boolean; decidedBy: string; decidedAt: Date; note: string | null },
): Promise<boolean> {
  const decided = await db
    .update(challenges)
    .set({
      status: decision.approved ? "active" : "rejected",
      decidedBy: decision.decidedBy,
      decidedAt: decision.decidedAt,
      decisionNote: decision.note,
    })
    .where(and(isRowOfCompany(challenges, companyId, challengeId), eq(challenges.status, "proposed")))
    .returning({ id: challenges.id });
  return decided.length > 0;
}

/** Closes an active challenge; false when it was no longer active. */
export async function closeActiveChallenge(db: Database, companyId: string, challengeId: string): Promise<boolean> {
  const closed = await db
    .update(challenges)
    .set({ status: "closed" })
    .where(and(isRowOfCompany(challenges, companyId, challengeId), eq(challenges.status, "active")))
    .returning({ id: challenges.id });
  return closed.length > 0;
}

/** The title and description of a challenge of the company, whoever may see it now. */
export async function findChallengeText(
  db: Database,
  companyId: string,
  challengeId: string,
): Promise<{ title: string; description: string } | undefined> {
  const [challenge] = await db
    .select({ title: challenges.title, description: challenges.description })
    .from(challenges)
    .where(isRowOfCompany(challenges, companyId, challengeId))
    .limit(1);
  return challenge;
}

/** The reward points a challenge of the company promises its approved ideas (0 when none). */
export async function findChallengeReward(db: Database, companyId: string, challengeId: string): Promise<number> {
  const [challenge] = await db
    .select({ rewardPoints: challenges.rewardPoints })
    .from(challenges)
    .where(isRowOfCompany(challenges, companyId, challengeId))
    .limit(1);
  return challenge?.rewardPoints ?? 0;
}
