import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { escapeLike } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import { companies, ideaTags, type TagRow, tags } from "../../db/schema/index.ts";

/** A tag with how many ideas carry it. */
export interface TagWithCount {
  id: string;
  name: string;
  ideaCount: number;
}

const ideaCountOf = sql<number>`(select count(*)::int from ${ideaTags} where ${ideaTags.companyId} = ${tags.companyId} and ${ideaTags.tagId} = ${tags.id})`;

/** `like` pattern of a prefix, its wildcards taken literally. */
function prefixPattern(prefix: string): string {
  return `${escapeLike(prefix.toLowerCase())}%`;
}

/** Up to `limit` + 1 tags of the company by name (ignoring case), those starting with `prefix` when given. */
export function listTagsByName(
  db: Database,
  companyId: string,
  options: { prefix?: string; limit: number },
): Promise<TagWithCount[]> {
  return db
    .select({ id: tags.id, name: tags.name, ideaCount: ideaCountOf })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, companyId),
        options.prefix ? sql`lower(${tags.name}) like ${prefixPattern(options.prefix)}` : undefined,
      ),
    )
    .orderBy(sql`lower(${tags.name})`, asc(tags.id))
    .limit(options.limit + 1);
}

/** One tag of the company with its count, or undefined. */
export async function findTagWithCount(db: Database, companyId: string, tagId: string) {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, ideaCount: ideaCountOf })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
  return row;
}

/** Tags of the company by id, locked for a change when asked (in id order, so two merges cannot deadlock). */
export function lockTags(db: Database, companyId: string, tagIds: string[]): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, tagIds)))
    .orderBy(asc(tags.id))
    .for("update");
}

/** The name another tag of the company has that equals `name` ignoring case, or null. */
export async function takenTagName(
  db: Database,
  companyId: string,
  name: string,
  exceptTagId?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, companyId),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptTagId ? ne(tags.id, exceptTagId) : undefined,
      ),
    );
  return row?.name ?? null;
}

/** The company's tags whose names are among `names`, ignoring case. */
export function findTagsByNames(db: Database, companyId: string, names: string[]): Promise<TagRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  const lowered = names.map((name) => name.toLowerCase());
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = any(${sql.param(lowered)}::text[])`));
}

/** Adds a tag; undefined when the company already has one of that name (any case). */
export async function insertTag(db: Database, companyId: string, name: string): Promise<TagRow | undefined> {
  const [row] = await db.insert(tags).values({ companyId, name }).onConflictDoNothing().returning();
  return row;
}

export async function renameTag(db: Database, companyId: string, tagId: string, name: string): Promise<void> {
  await db
    .update(tags)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
}

/** Deletes a tag; the ideas carrying it lose it (the links cascade). */
export async function deleteTag(db: Database, companyId: string, tagId: string): Promise<void> {
  await db.delete(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
}

/**
 * Moves the ideas carrying `fromId` to `intoId` (an idea carrying both keeps one link) and deletes
 * `fromId`.
 */
export async function mergeTagInto(db: Database, companyId: string, fromId: string, intoId: string): Promise<void> {
  await db.execute(sql`
    insert into ${ideaTags} (company_id, idea_id, tag_id, created_at)
    select company_id, idea_id, ${intoId}::uuid, created_at from ${ideaTags}
    where ${ideaTags.companyId} = ${companyId} and ${ideaTags.tagId} = ${fromId}
    on conflict do nothing`);
  await deleteTag(db, companyId, fromId);
}

/** The tags of each idea, by name. */
export async function tagsOfIdeas(
  db: Database,
  companyId: string,
  ideaIds: string[],
): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const byIdea = new Map<string, Array<{ id: string; name: string }>>();
  if (ideaIds.length === 0) return byIdea;
  const rows = await db
    .select({ ideaId: ideaTags.ideaId, id: tags.id, name: tags.name })
    .from(ideaTags)
    .innerJoin(tags, and(eq(tags.id, ideaTags.tagId), eq(tags.companyId, ideaTags.companyId)))
    .where(and(eq(ideaTags.companyId, companyId), inArray(ideaTags.ideaId, ideaIds)))
    .orderBy(sql`lower(${tags.name})`);
  for (const row of rows) {
    const list = byIdea.get(row.ideaId) ?? [];
    list.push({ id: row.id, name: row.name });
    byIdea.set(row.ideaId, list);
  }
  return byIdea;
}

/** Makes an idea carry exactly `tagIds`. */
export async function replaceIdeaTags(
  db: Database,
  companyId: string,
  ideaId: string,
  tagIds: string[],
): Promise<void> {
  await db
    .delete(ideaTags)
    .where(
      and(
        eq(ideaTags.companyId, companyId),
        eq(ideaTags.ideaId, ideaId),
        tagIds.length > 0 ? sql`${ideaTags.tagId} <> all(${sql.param(tagIds)}::uuid[])` : undefined,
      ),
    );
  if (tagIds.length === 0) return;
  await db
    .insert(ideaTags)
    .values(tagIds.map((tagId) => ({ companyId, ideaId, tagId })))
    .onConflictDoNothing();
}

/** Whether people other than admins may add tags (`settings.tags.people_may_add`, on when absent). */
export async function readPeopleMayAddTags(db: Database, companyId: string): Promise<boolean> {
  const [company] = await db
    .select({ may: sql<boolean | null>`(${companies.settings} -> 'tags' ->> 'people_may_add')::boolean` })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.may !== false;
}

/** Stores the company's tag setting (settings.tags), leaving its other settings as they are. */
export async function writePeopleMayAddTags(db: Database, companyId: string, may: boolean): Promise<void> {
  const value = JSON.stringify({ people_may_add: may });
  await db
    .update(companies)
    .set({ settings: sql`jsonb_set(${companies.settings}, '{tags}', ${value}::jsonb, true)` })
    .where(eq(companies.id, companyId));
}

/** The company's tags named like any of `candidates` (lower case), the most used first. */
export async function findTagsNamed(db: Database, companyId: string, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = any(${sql.param(candidates)}::text[])`))
    .orderBy(sql`${ideaCountOf} desc`, sql`lower(${tags.name})`);
  return rows.map((row) => row.name);
}
