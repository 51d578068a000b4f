import { and, asc, count, desc, eq, gt, isNull, lte, type SQL, sql } from "drizzle-orm";
import { pageOf, preciseTimestamp } from "../../core/keyset.ts";
import {
  deleteRowOfCompany,
  findFirst,
  hasRow,
  insertReturningId,
  isRowOfCompany,
  updateRowOfCompany,
} from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import { matchesIgnoringCase, news, newsCategories, newsReads, users } from "../../db/schema/index.ts";
import { decodeCursor, encodeCursor, invalidCursorError } from "../../lib/page-cursor.ts";

/**
 * What a caller sees of the company's news: everything for those who may publish; published
 * posts (published_at at or before now) for everyone else. `userId` answers `read`.
 */
export interface NewsScope {
  companyId: string;
  userId: string;
  includeUnpublished: boolean;
  now: Date;
}

function visibleNewsCondition(scope: NewsScope): SQL {
  const sameCompany = eq(news.companyId, scope.companyId);
  if (scope.includeUnpublished) return sameCompany;
  return and(sameCompany, lte(news.publishedAt, scope.now))!;
}

export interface NewsRow {
  id: string;
  categoryId: string;
  categoryName: string;
  title: string;
  body: string;
  bodyHtml: string | null;
  videoUrl: string | null;
  isPinned: boolean;
  authorName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  read: boolean;
  /** published_at to the microsecond (null for a draft): the cursor's sort key. */
  sortKey: string | null;
}

function selectNews(db: Database, userId: string) {
  return db
    .select({
      id: news.id,
      categoryId: news.categoryId,
      categoryName: newsCategories.name,
      title: news.title,
      body: news.body,
      bodyHtml: news.bodyHtml,
      videoUrl: news.videoUrl,
      isPinned: news.isPinned,
      authorName: users.displayName,
      publishedAt: news.publishedAt,
      createdAt: news.createdAt,
      updatedAt: news.updatedAt,
      read: sql<boolean>`exists (select 1 from ${newsReads} where ${newsReads.newsId} = ${news.id} and ${newsReads.userId} = ${userId})`,
      sortKey: preciseTimestamp(news.publishedAt),
    })
    .from(news)
    .innerJoin(newsCategories, isRowOfCompany(newsCategories, news.companyId, news.categoryId))
    .leftJoin(users, eq(users.id, news.authorId))
    .$dynamic();
}

/** The cursor of the page after `row`: pinned flag, published_at (empty for a draft), id. */
function cursorKeyOf(row: NewsRow): string[] {
  return [row.isPinned ? "1" : "0", row.sortKey ?? "", row.id];
}

/**
 * The rows after a cursor in the list order (pinned first, then published_at newest first with
 * drafts, whose published_at is null, before every dated post, then id); a cursor not made here
 * answers 400.
 */
function afterNewsCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [pinned, time, id] = decodeCursor(cursor, ["text", "text", "uuid"]);
  if (pinned !== "1" && pinned !== "0") throw invalidCursorError();
  // The same check as every list's timestamps.
  if (time !== "") decodeCursor(encodeCursor([time]), ["timestamp"]);
  const laterInSameGroup =
    time === ""
      ? sql`(${news.publishedAt} is not null or ${news.id} < ${id}::uuid)`
      : sql`(${news.publishedAt}, ${news.id}) < (${time}::timestamptz, ${id}::uuid)`;
  return pinned === "1"
    ? sql`(not ${news.isPinned} or (${news.isPinned} and ${laterInSameGroup}))`
    : sql`(not ${news.isPinned} and ${laterInSameGroup})`;
}

/** A page of the news the caller sees, pinned first, then newest (keyset over news_company_pinned_published_idx). */
export async function listVisibleNews(
  db: Database,
  scope: NewsScope,
  filters: { categoryId?: string; cursor?: string; limit: number },
): Promise<{ items: NewsRow[]; nextCursor: string | null }> {
  const rows = await selectNews(db, scope.userId)
    .where(
      and(
        visibleNewsCondition(scope),
        filters.categoryId ? eq(news.categoryId, filters.categoryId) : undefined,
        afterNewsCursor(filters.cursor),
      ),
    )
    .orderBy(desc(news.isPinned), desc(news.publishedAt), desc(news.id))
    .limit(filters.limit + 1);
  return pageOf(rows as NewsRow[], filters.limit, cursorKeyOf);
}

/** One post the caller sees, or undefined (unknown, another company's, or not yet published: 404). */
export async function findVisibleNews(db: Database, scope: NewsScope, newsId: string): Promise<NewsRow | undefined> {
  return findFirst(selectNews(db, scope.userId), and(eq(news.id, newsId), visibleNewsCondition(scope)));
}

/** Records that a person opened a post (once; later reads change nothing). */
export async function markNewsRead(db: Database, companyId: string, newsId: string, userId: string): Promise<void> {
  await db.insert(newsReads).values({ companyId, newsId, userId }).onConflictDoNothing();
}

export type NewNews = Omit<typeof news.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Stores a new post; answers its id. */
export async function insertNews(db: Database, post: NewNews): Promise<string> {
  return insertReturningId(db, news, post);
}

export type NewsChanges = Partial<
  Pick<typeof news.$inferInsert, "title" | "body" | "bodyHtml" | "categoryId" | "videoUrl" | "isPinned" | "publishedAt">
>;

/** Changes a post of the company; false when there is no such post. */
export async function updateNews(
  db: Database,
  companyId: string,
  newsId: string,
  changes: NewsChanges,
): Promise<boolean> {
  const updated = await db
    .update(news)
    .set(changes)
    .where(isRowOfCompany(news, companyId, newsId))
    .returning({ id: news.id });
  return updated.length > 0;
}

/** Marks a published post as told to the channels; true only for the one call that marks it, so a post is told once. */
export async function markNewsAnnounced(db: Database, companyId: string, newsId: string, at: Date): Promise<boolean> {
  const marked = await db
    .update(news)
    .set({ announcedAt: at })
    .where(and(isRowOfCompany(news, companyId, newsId), isNull(news.announcedAt)))
    .returning({ id: news.id });
  return marked.length > 0;
}

/** Posts whose publication time came after `since` and at most `now`, not told yet: oldest first, `limit` of them. */
export async function listNewsDueToAnnounce(db: Database, since: Date, now: Date, limit: number) {
  return db
    .select({
      id: news.id,
      companyId: news.companyId,
      title: news.title,
      authorId: news.authorId,
      authorName: users.displayName,
      publishedAt: news.publishedAt,
    })
    .from(news)
    .leftJoin(users, eq(users.id, news.authorId))
    .where(and(isNull(news.announcedAt), lte(news.publishedAt, now), gt(news.publishedAt, since)))
    .orderBy(asc(news.publishedAt))
    .limit(limit);
}

/** Deletes a post of the company (its reads go with it); answers its title, or undefined when there was none. */
export async function deleteNews(db: Database, companyId: string, newsId: string): Promise<string | undefined> {
  const [deleted] = await db
    .delete(news)
    .where(isRowOfCompany(news, companyId, newsId))
    .returning({ title: news.title });
  return deleted?.title;
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

export interface NewsCategoryRow {
  id: string;
  name: string;
  /** Posts in it that the caller sees. */
  newsCount: number;
}

/** The company's categories by name, each with the number of posts the caller sees in it. */
export async function listCategories(db: Database, scope: NewsScope): Promise<NewsCategoryRow[]> {
  const rows = await db
    .select({ id: newsCategories.id, name: newsCategories.name, newsCount: count(news.id) })
    .from(newsCategories)
    .leftJoin(
      news,
      and(
        eq(news.categoryId, newsCategories.id),
        eq(news.companyId, newsCategories.companyId),
        visibleNewsCondition(scope),
      ),
    )
    .where(eq(newsCategories.companyId, scope.companyId))
    .groupBy(newsCategories.id)
    .orderBy(asc(sql`lower(${newsCategories.name})`), asc(newsCategories.id));
  return rows.map((row) => ({ ...row, newsCount: Number(row.newsCount) }));
}

/** One category of the company, or undefined; `forUpdate` locks it for the rest of the transaction. */
export async function findCategory(
  db: Database,
  companyId: string,
  categoryId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ id: string; name: string } | undefined> {
  const query = db
    .select({ id: newsCategories.id, name: newsCategories.name })
    .from(newsCategories)
    .where(isRowOfCompany(newsCategories, companyId, categoryId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** True when another category of the company (not `exceptId`) has this name, ignoring case. */
export async function isCategoryNameTaken(
  db: Database,
  companyId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(and(eq(newsCategories.companyId, companyId), matchesIgnoringCase(newsCategories.name, name)))
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** How many categories the company has. */
export async function countCategories(db: Database, companyId: string): Promise<number> {
  return db.$count(newsCategories, eq(newsCategories.companyId, companyId));
}

/** Stores a new category; answers its id. */
export async function insertCategory(db: Database, companyId: string, name: string): Promise<string> {
  return insertReturningId(db, newsCategories, { companyId, name });
}

/** Renames a category of the company. */
export async function renameCategory(db: Database, companyId: string, categoryId: string, name: string): Promise<void> {
  await updateRowOfCompany(db, newsCategories, companyId, categoryId, { name });
}

/** True when any post of the company, published or not, is in the category. */
export async function categoryHasNews(db: Database, companyId: string, categoryId: string): Promise<boolean> {
  return hasRow(db, news, and(eq(news.companyId, companyId), eq(news.categoryId, categoryId)));
}

/** Deletes a category of the company. */
export async function deleteCategory(db: Database, companyId: string, categoryId: string): Promise<void> {
  await deleteRowOfCompany(db, newsCategories, companyId, categoryId);
}
