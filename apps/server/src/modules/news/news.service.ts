import {
  AppError,
  type CreateNewsRequestSchema,
  ERROR_CATALOGUE,
  NEWS_CATEGORIES_MAX,
  NEWS_MESSAGES,
  type NewsCategory,
  type NewsItem,
  type NewsListQuerySchema,
  parseNewsVideo,
  type UpdateNewsRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { announceEvent, newsPublishedEvent } from "../integrations/integrations.service.ts";
import { renderNewsMarkdown } from "./news.markdown.ts";
import { presentNews, presentNewsCategory } from "./news.presenter.ts";
import {
  categoryHasNews,
  countCategories,
  deleteCategory,
  deleteNews,
  findCategory,
  findVisibleNews,
  insertCategory,
  insertNews,
  isCategoryNameTaken,
  listCategories,
  listNewsDueToAnnounce,
  listVisibleNews,
  markNewsAnnounced,
  markNewsRead,
  type NewsChanges,
  type NewsScope,
  renameCategory,
  updateNews,
} from "./news.repository.ts";

export type NewsService = ReturnType<typeof createNewsService>;

const CATEGORY_NAME_UNIQUE = "news_categories_company_name_lower_unique";

/** The body of a post's edit, as its route validated it. */
type NewsEdit = z.output<typeof UpdateNewsRequestSchema>;

/** A day after its time, a scheduled post nobody was told of (the job queue was off) is no news any more. */
const ANNOUNCE_SCHEDULED_WITHIN_MS = 86_400_000;

/**
 * Tells the company's channels and webhooks that a post is out: once per post, since it is marked
 * told in the same transaction (a post published at once, or by the sweep when its time comes).
 */
async function announcePublished(
  tx: Database,
  companyId: string,
  news: { id: string; title: string },
  actor: { id: string; name: string | null } | null,
  at: Date,
): Promise<void> {
  if (!(await markNewsAnnounced(tx, companyId, news.id, at))) return;
  await announceEvent(tx, newsPublishedEvent({ companyId, news, actor, at }));
}

function actorOf(caller: CompanyCaller) {
  return { id: caller.id, name: caller.displayName };
}

/** The company news portal: everyone in the company reads; admins publish and keep the categories. */
export function createNewsService({ db, clock }: ServiceDependencies) {
  /** What the caller sees now: admins (news.publish) drafts and scheduled posts too. */
  function scopeOf(caller: CompanyCaller): NewsScope {
    return {
      companyId: caller.companyId,
      userId: caller.id,
      includeUnpublished: isAllowed(caller, "news.publish"),
      now: clock(),
    };
  }

  /** A post seen in `scope`, else 404 (unknown, another company's, unpublished to a reader). */
  async function requireVisibleNews(scope: NewsScope, newsId: string) {
    const row = await findVisibleNews(db, scope, newsId);
    if (!row) throw new AppError("news.not_found");
    return row;
  }

  async function presentById(caller: CompanyCaller, newsId: string): Promise<NewsItem> {
    const scope = scopeOf(caller);
    const row = await requireVisibleNews(scope, newsId);
    return presentNews(row, { now: scope.now, canEdit: scope.includeUnpublished });
  }

  /** A category of the caller's company, else 404 (unknown, another company's, malformed). */
  async function requireCategory(executor: Database, caller: CompanyCaller, categoryId: string) {
    const category = await findCategory(executor, caller.companyId, categoryId);
    if (!category) {
      throw new AppError("news_category.not_found", {
        fields: { category_id: ERROR_CATALOGUE["news_category.not_found"].message },
      });
    }
    return category;
  }

  return {
    /** A page of the news the caller sees, pinned first then newest, with the company's categories. */
    async list(caller: CompanyCaller, query: z.output<typeof NewsListQuerySchema>) {
      const scope = scopeOf(caller);
      const [page, categories] = await Promise.all([
        listVisibleNews(db, scope, {
          categoryId: query.category,
          ...pageAsked(query),
        }),
        listCategories(db, scope),
      ]);
      return {
        news: page.items.map((row) => presentNews(row, { now: scope.now, canEdit: scope.includeUnpublished })),
        categories: categories.map(presentNewsCategory),
        nextCursor: page.nextCursor,
      };
    },

    /** One post the caller sees (404 otherwise), which counts as read by them from now on. */
    async get(caller: CompanyCaller, newsId: string): Promise<NewsItem> {
      const scope = scopeOf(caller);
      const row = await requireVisibleNews(scope, newsId);
      if (!row.read) await markNewsRead(db, caller.companyId, newsId, caller.id);
      return presentNews({ ...row, read: true }, { now: scope.now, canEdit: scope.includeUnpublished });
    },

    /** An admin writes a post: published now, at a later time (scheduled), or kept as a draft (null). */
    async create(caller: CompanyCaller, input: z.output<typeof CreateNewsRequestSchema>): Promise<NewsItem> {
      await requireCategory(db, caller, input.category_id);
      authorize(caller, "news.publish");
      const videoUrl = canonicalVideo(input.video);
      const publishedAt =
        input.published_at === undefined ? clock() : input.published_at === null ? null : new Date(input.published_at);
      const newsId = await db
        .transaction(async (tx) => {
          const id = await insertNews(tx, {
            companyId: caller.companyId,
            categoryId: input.category_id,
            title: input.title,
            body: input.body,
            bodyHtml: renderNewsMarkdown(input.body),
            videoUrl,
            isPinned: input.pinned ?? false,
            authorId: caller.id,
            publishedAt,
          });
          await recordCallerAudit(tx, caller, {
            action: "news.created",
            targetType: "news",
            targetId: id,
            details: { title: input.title, published_at: publishedAt?.toISOString() ?? null },
          });
          if (publishedAt && publishedAt <= clock())
            await announcePublished(tx, caller.companyId, { id, title: input.title }, actorOf(caller), clock());
          return id;
        })
        .catch(categoryGoneMeanwhile);
      return presentById(caller, newsId);
    },

    /** An admin edits, re-categorises, pins or unpins, reschedules or unpublishes (published_at null) a post. */
    async update(caller: CompanyCaller, newsId: string, input: NewsEdit): Promise<NewsItem> {
      const current = await requireVisibleNews(scopeOf(caller), newsId);
      authorize(caller, "news.publish");
      if (input.category_id !== undefined) await requireCategory(db, caller, input.category_id);
      const changes: NewsChanges = {
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.body === undefined ? {} : { body: input.body, bodyHtml: renderNewsMarkdown(input.body) }),
        ...(input.category_id === undefined ? {} : { categoryId: input.category_id }),
        ...(input.video === undefined ? {} : { videoUrl: canonicalVideo(input.video) }),
        ...(input.pinned === undefined ? {} : { isPinned: input.pinned }),
        ...(input.published_at === undefined
          ? {}
          : { publishedAt: input.published_at === null ? null : new Date(input.published_at) }),
      };
      await db
        .transaction(async (tx) => {
          if (!(await updateNews(tx, caller.companyId, newsId, changes))) throw new AppError("news.not_found");
          await recordCallerAudit(tx, caller, {
            action: "news.updated",
            targetType: "news",
            targetId: newsId,
            details: { title: input.title ?? current.title, fields: Object.keys(input).sort() },
          });
          // A draft or a scheduled post published now is news to the channels (once).
          const publishedAt = changes.publishedAt === undefined ? current.publishedAt : changes.publishedAt;
          if (publishedAt && publishedAt <= clock()) {
            const post = { id: newsId, title: input.title ?? current.title };
            await announcePublished(tx, caller.companyId, post, actorOf(caller), clock());
          }
        })
        .catch(categoryGoneMeanwhile);
      return presentById(caller, newsId);
    },

    /** An admin deletes a post; who read it goes with it. */
    async remove(caller: CompanyCaller, newsId: string): Promise<void> {
      await requireVisibleNews(scopeOf(caller), newsId);
      authorize(caller, "news.publish");
      await db.transaction(async (tx) => {
        const title = await deleteNews(tx, caller.companyId, newsId);
        if (title === undefined) throw new AppError("news.not_found");
        await recordCallerAudit(tx, caller, {
          action: "news.deleted",
          targetType: "news",
          targetId: newsId,
          details: { title },
        });
      });
    },

    /** Tells the channels of the scheduled posts whose time has come; run by the job queue every minute. */
    async announceScheduled(): Promise<number> {
      const now = clock();
      const due = await listNewsDueToAnnounce(db, new Date(now.getTime() - ANNOUNCE_SCHEDULED_WITHIN_MS), now, 100);
      for (const post of due) {
        const author = post.authorId ? { id: post.authorId, name: post.authorName } : null;
        await db.transaction((tx) =>
          announcePublished(tx, post.companyId, { id: post.id, title: post.title }, author, post.publishedAt ?? now),
        );
      }
      return due.length;
    },

    /** The company's categories by name, each counting the posts the caller sees in it. */
    async categories(caller: CompanyCaller): Promise<NewsCategory[]> {
      return (await listCategories(db, scopeOf(caller))).map(presentNewsCategory);
    },

    /** An admin adds a category; names are unique per company, ignoring case. */
    async createCategory(caller: CompanyCaller, name: string): Promise<NewsCategory> {
      authorize(caller, "news.categories.manage");
      if (await isCategoryNameTaken(db, caller.companyId, name)) throw categoryNameTaken(name);
      if ((await countCategories(db, caller.companyId)) >= NEWS_CATEGORIES_MAX) {
        throw new AppError("news_category.limit_reached");
      }
      try {
        const id = await db.transaction(async (tx) => {
          const categoryId = await insertCategory(tx, caller.companyId, name);
          await recordCallerAudit(tx, caller, {
            action: "news_category.created",
            targetType: "news_category",
            targetId: categoryId,
            details: { name },
          });
          return categoryId;
        });
        return { id, name, news_count: 0 };
      } catch (error) {
        if (isUniqueViolation(error, CATEGORY_NAME_UNIQUE)) throw categoryNameTaken(name);
        throw error;
      }
    },

    /** An admin renames a category; its posts follow. */
    async renameCategory(caller: CompanyCaller, categoryId: string, name: string): Promise<NewsCategory> {
      const category = await findCategory(db, caller.companyId, categoryId);
      if (!category) throw new AppError("news_category.not_found");
      authorize(caller, "news.categories.manage");
      if (await isCategoryNameTaken(db, caller.companyId, name, categoryId)) throw categoryNameTaken(name);
      try {
        await db.transaction(async (tx) => {
          await renameCategory(tx, caller.companyId, categoryId, name);
          await recordCallerAudit(tx, caller, {
            action: "news_category.renamed",
            targetType: "news_category",
            targetId: categoryId,
            details: { from: category.name, to: name },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, CATEGORY_NAME_UNIQUE)) throw categoryNameTaken(name);
        throw error;
      }
      const listed = (await listCategories(db, scopeOf(caller))).find((row) => row.id === categoryId);
      return presentNewsCategory(listed ?? { id: categoryId, name, newsCount: 0 });
    },

    /** An admin deletes a category no post uses (409 news_category.in_use otherwise, drafts included). */
    async deleteCategory(caller: CompanyCaller, categoryId: string): Promise<void> {
      await db
        .transaction(async (tx) => {
          // Locked, so a post cannot be filed under it between the check and the delete.
          const category = await findCategory(tx, caller.companyId, categoryId, { forUpdate: true });
          if (!category) throw new AppError("news_category.not_found");
          authorize(caller, "news.categories.manage");
          if (await categoryHasNews(tx, caller.companyId, categoryId)) throw new AppError("news_category.in_use");
          await deleteCategory(tx, caller.companyId, categoryId);
          await recordCallerAudit(tx, caller, {
            action: "news_category.deleted",
            targetType: "news_category",
            targetId: categoryId,
            details: { name: category.name },
          });
        })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) throw new AppError("news_category.in_use");
          throw error;
        });
    },
  };
}

/**
 * The canonical link of a YouTube or Vimeo video (400 news.video_invalid for anything else);
 * null when the field is empty or null, undefined when it was left out.
 */
function canonicalVideo(link: string | null | undefined): string | null {
  if (link === undefined || link === null || link.trim() === "") return null;
  const video = parseNewsVideo(link);
  if (!video) throw new AppError("news.video_invalid", { fields: { video: NEWS_MESSAGES.videoInvalid } });
  return video.url;
}

function categoryNameTaken(name: string): AppError {
  const message = { message: NEWS_MESSAGES.categoryNameTaken, values: { name } };
  return new AppError("news_category.name_taken", { ...message, fields: { name: message } });
}

/** PostgreSQL's foreign_key_violation, from either driver. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** A category deleted between the check and the write: the same 404 as an unknown one. */
function categoryGoneMeanwhile(error: unknown): never {
  if (isForeignKeyViolation(error)) throw new AppError("news_category.not_found");
  throw error;
}
