/** Merging duplicates: the rows a merge moves, and what an idea shows of the ideas merged into it. */
import type { IdeaStatus } from "@ideaport/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isRowOfCompany } from "../../core/rows.ts";
import { isoTimestamp } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import { comments, ideas, users, votes } from "../../db/schema/index.ts";

/**
 * Marks an idea merged into `intoId`, if it still has status `from` (a concurrent step or merge
 * that got there first leaves it unchanged). Answers whether it moved.
 */
export async function markIdeaMerged(
  db: Database,
  companyId: string,
  ideaId: string,
  move: { from: IdeaStatus; intoId: string },
): Promise<boolean> {
  const moved = await db
    .update(ideas)
    .set({ status: "merged", mergedIntoId: move.intoId })
    .where(and(isRowOfCompany(ideas, companyId, ideaId), eq(ideas.status, move.from)))
    .returning({ id: ideas.id });
  return moved.length > 0;
}

/**
 * Moves the votes of a merged idea to the idea it was merged into: a person who voted for both
 * counts once (the unique vote per person and idea leaves their second one out), a vote by the
 * target's own author is dropped (nobody votes for their own idea), and both ideas' vote counts
 * are counted again from the votes. Answers the target's new count.
 */
export async function moveVotesOnMerge(
  db: Database,
  companyId: string,
  move: { fromId: string; intoId: string; intoAuthorId: string },
): Promise<number> {
  await db.execute(sql`
    insert into ${votes} (company_id, idea_id, user_id, created_at)
    select company_id, ${move.intoId}::uuid, user_id, created_at from ${votes}
    where company_id = ${companyId}::uuid and idea_id = ${move.fromId}::uuid and user_id <> ${move.intoAuthorId}::uuid
    on conflict do nothing`);
  await db.delete(votes).where(and(eq(votes.companyId, companyId), eq(votes.ideaId, move.fromId)));
  await db
    .update(ideas)
    .set({ voteCount: 0, updatedAt: sql`${ideas.updatedAt}` })
    .where(isRowOfCompany(ideas, companyId, move.fromId));
  const [updated] = await db
    .update(ideas)
    .set({
      voteCount: sql`(select count(*)::int from ${votes} where ${votes.ideaId} = ${move.intoId}::uuid)`,
      updatedAt: sql`${ideas.updatedAt}`,
    })
    .where(isRowOfCompany(ideas, companyId, move.intoId))
    .returning({ votes: ideas.voteCount });
  return updated!.votes;
}

/** What lists show of merges, for a page of ideas: where each merged one went, and each one's contributors. */
export interface MergeFacts {
  mergedInto: Map<string, { id: string; title: string }>;
  contributors: Map<string, { id: string; display_name: string }[]>;
}

/**
 * For the ideas `ideaIds` of a company: the idea each merged one was merged into, and the authors
 * of the ideas merged into each (not its own author; each person once, by name).
 */
export async function mergeFactsOf(db: Database, companyId: string, ideaIds: string[]): Promise<MergeFacts> {
  const facts: MergeFacts = { mergedInto: new Map(), contributors: new Map() };
  if (ideaIds.length === 0) return facts;
  const target = alias(ideas, "merge_target");
  const [targets, merged] = await Promise.all([
    db
      .select({ id: ideas.id, targetId: target.id, targetTitle: target.title })
      .from(ideas)
      .innerJoin(target, and(eq(target.id, ideas.mergedIntoId), eq(target.companyId, ideas.companyId)))
      .where(and(eq(ideas.companyId, companyId), inArray(ideas.id, ideaIds))),
    db
      .selectDistinct({ intoId: ideas.mergedIntoId, authorId: ideas.authorId, authorName: users.displayName })
      .from(ideas)
      .innerJoin(users, eq(users.id, ideas.authorId))
      .innerJoin(target, and(eq(target.id, ideas.mergedIntoId), eq(target.companyId, ideas.companyId)))
      .where(
        and(
          eq(ideas.companyId, companyId),
          inArray(ideas.mergedIntoId, ideaIds),
          sql`${ideas.authorId} <> ${target.authorId}`,
        ),
      )
      .orderBy(asc(users.displayName)),
  ]);
  for (const row of targets) facts.mergedInto.set(row.id, { id: row.targetId, title: row.targetTitle });
  for (const row of merged) {
    const list = facts.contributors.get(row.intoId!) ?? [];
    list.push({ id: row.authorId, display_name: row.authorName });
    facts.contributors.set(row.intoId!, list);
  }
  return facts;
}

/** The comments written on the ideas merged into an idea, oldest first, each with the idea it was written on. */
export function listMergedComments(db: Database, companyId: string, ideaId: string) {
  return db
    .select({
      id: comments.id,
      body: comments.body,
      authorId: comments.authorId,
      authorName: users.displayName,
      createdAt: isoTimestamp(comments.createdAt),
      mergedFromId: ideas.id,
      mergedFromTitle: ideas.title,
    })
    .from(comments)
    .innerJoin(ideas, and(eq(ideas.id, comments.ideaId), eq(ideas.companyId, comments.companyId)))
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.companyId, companyId), eq(ideas.mergedIntoId, ideaId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}
export type MergedCommentRow = Awaited<ReturnType<typeof listMergedComments>>[number];

/** The authors of the ideas merged into an idea, but its own author, each once. */
export async function mergedAuthorIds(db: Database, companyId: string, idea: { id: string; authorId: string }) {
  const rows = await db
    .selectDistinct({ authorId: ideas.authorId })
    .from(ideas)
    .where(and(eq(ideas.companyId, companyId), eq(ideas.mergedIntoId, idea.id)));
  return rows.map((row) => row.authorId).filter((id) => id !== idea.authorId);
}

/**
 * "This is the same as mine" between an idea and each of `candidateIds`: how many of the two
 * authors voted for the other's idea (0, 1 or 2).
 */
export async function sameAsMineVotes(
  db: Database,
  companyId: string,
  idea: { id: string; authorId: string },
  candidateIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (candidateIds.length === 0) return counts;
  const candidate = alias(ideas, "candidate");
  const rows = await db
    .select({ candidateId: candidate.id, count: sql<number>`count(${votes.id})::int` })
    .from(candidate)
    .innerJoin(
      votes,
      and(
        eq(votes.companyId, candidate.companyId),
        sql`((${votes.ideaId} = ${candidate.id} and ${votes.userId} = ${idea.authorId}::uuid) or (${votes.ideaId} = ${idea.id}::uuid and ${votes.userId} = ${candidate.authorId}))`,
      ),
    )
    .where(and(eq(candidate.companyId, companyId), inArray(candidate.id, candidateIds)))
    .groupBy(candidate.id);
  for (const row of rows) counts.set(row.candidateId, Number(row.count));
  return counts;
}

/**
 * The ideas the author of `idea` voted for, and the ideas whose authors voted for it: where
 * "This is the same as mine" may have been said of it. At most `limit`, newest vote first.
 */
export async function ideasLinkedBySameVotes(
  db: Database,
  companyId: string,
  idea: { id: string; authorId: string },
  limit: number,
): Promise<string[]> {
  const rows = await db.execute<{ idea_id: string }>(sql`
    select idea_id from (
      select ${votes.ideaId} as idea_id, ${votes.createdAt} as at from ${votes}
      where ${votes.companyId} = ${companyId}::uuid and ${votes.userId} = ${idea.authorId}::uuid
        and ${votes.ideaId} <> ${idea.id}::uuid
      union all
      select i.id as idea_id, v.created_at as at from ${votes} v
      join ${ideas} i on i.author_id = v.user_id and i.company_id = v.company_id
      where v.company_id = ${companyId}::uuid and v.idea_id = ${idea.id}::uuid and i.id <> ${idea.id}::uuid
    ) linked
    group by idea_id order by max(at) desc limit ${limit}`);
  return rows.rows.map((row) => row.idea_id);
}
