/** Company news, its categories and who has read what. */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, descending, instant, ofSameCompany, timestamps } from "./columns.ts";
import { companyKeys, ownerId, users } from "./companies.ts";

/** A company's own news categories, managed by its admins; names unique per company, ignoring case. */
export const newsCategories = pgTable(
  "news_categories",
  {
    ...companyKeys(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("news_categories_company_name_lower_unique").on(table.companyId, sql`lower(${table.name})`),
    unique("news_categories_id_company_unique").on(table.id, table.companyId),
  ],
);

export const news = pgTable(
  "news",
  {
    ...companyKeys(),
    /** A category of the same company; a used category cannot be deleted. */
    categoryId: uuid("category_id").notNull(),
    title: text("title").notNull(),
    /** Markdown as the author wrote it. */
    body: text("body").notNull(),
    /** The body rendered and sanitised when written; null (rows written before it) is rendered when read. */
    bodyHtml: text("body_html"),
    /** The canonical YouTube or Vimeo address (normalised when written). */
    videoUrl: text("video_url"),
    isPinned: boolean("is_pinned").notNull().default(false),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Null while a draft; readers see rows with published_at <= now (a later one is scheduled). */
    publishedAt: instant("published_at"),
    /** When the chat channels and webhooks were told the post is out: at once, or by the sweep when a scheduled time comes. */
    announcedAt: instant("announced_at"),
    ...timestamps(),
  },
  (table) => [
    // The list order: pinned first, then newest (drafts, whose published_at is null, first for admins).
    index("news_company_pinned_published_idx").on(
      table.companyId,
      descending(table.isPinned),
      descending(table.publishedAt),
      descending(table.id),
    ),
    index("news_company_category_idx").on(table.companyId, table.categoryId),
    // The sweep's read: published posts nobody was told of yet.
    index("news_unannounced_idx")
      .on(table.publishedAt)
      .where(sql`${table.announcedAt} is null and ${table.publishedAt} is not null`),
    unique("news_id_company_unique").on(table.id, table.companyId),
    ofSameCompany("news_category_fk", table.categoryId, table.companyId, newsCategories),
  ],
);

/** Who has read which news post: the `read` flag of the list. */
export const newsReads = pgTable(
  "news_reads",
  {
    ...companyKeys(),
    newsId: uuid("news_id").notNull(),
    userId: ownerId(),
    readAt: createdAt(),
  },
  (table) => [
    uniqueIndex("news_reads_news_user_unique").on(table.newsId, table.userId),
    index("news_reads_user_idx").on(table.userId),
    ofSameCompany("news_reads_news_fk", table.newsId, table.companyId, news).onDelete("cascade"),
  ],
);

export type NewsRow = typeof news.$inferSelect;
export type NewsCategoryRow = typeof newsCategories.$inferSelect;
