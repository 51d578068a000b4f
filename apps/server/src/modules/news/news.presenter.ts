import { type NewsCategory, type NewsItem, type NewsStatus, parseNewsVideo } from "@ideaport/shared";
import { renderNewsMarkdown } from "./news.markdown.ts";
import type { NewsCategoryRow, NewsRow } from "./news.repository.ts";

/** draft (no publication time), scheduled (published later) or published (readers see it). */
export function newsStatusOf(publishedAt: Date | null, now: Date): NewsStatus {
  if (!publishedAt) return "draft";
  return publishedAt > now ? "scheduled" : "published";
}

/**
 * A post as the API answers it. The HTML was rendered when the post was written; a row from
 * before that (body_html null) is rendered now. The video is the stored canonical link, read again.
 */
export function presentNews(row: NewsRow, options: { now: Date; canEdit: boolean }): NewsItem {
  return {
    id: row.id,
    title: row.title,
    category: { id: row.categoryId, name: row.categoryName },
    body: row.body,
    body_html: row.bodyHtml ?? renderNewsMarkdown(row.body),
    video: row.videoUrl ? parseNewsVideo(row.videoUrl) : null,
    pinned: row.isPinned,
    author_name: row.authorName,
    published_at: row.publishedAt?.toISOString() ?? null,
    status: newsStatusOf(row.publishedAt, options.now),
    read: Boolean(row.read),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_edit: options.canEdit,
  };
}

export function presentNewsCategory(row: NewsCategoryRow): NewsCategory {
  return { id: row.id, name: row.name, news_count: row.newsCount };
}
