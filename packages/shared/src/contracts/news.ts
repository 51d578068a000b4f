import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { NEWS_VIDEO_INVALID } from "../errors/catalogue.ts";
import { defineMessages } from "../i18n/messages.ts";
import { phrasesOf, schemaMessage } from "../i18n/schema-messages.ts";
import { IDEA_MESSAGES } from "../ideas/limits.ts";
import {
  NEWS_BODY_MAX_LENGTH,
  NEWS_CATEGORY_NAME_MAX_LENGTH,
  NEWS_TITLE_MAX_LENGTH,
  NEWS_VIDEO_URL_MAX_LENGTH,
} from "../limits.ts";
import {
  isCalendarDay,
  isWithinCalendarYears,
  NextCursorSchema,
  PageQuerySchema,
  partialUpdateSchema,
  requiredText,
  SuccessSchema,
} from "./common.ts";

/** The validation messages of news posts and their categories. */
export const NEWS_MESSAGES = {
  titleTooLong: IDEA_MESSAGES.titleTooLong,
  videoInvalid: NEWS_VIDEO_INVALID,
  ...defineMessages({
    titleRequired: { id: "shared.news.titleRequired", defaultMessage: "Please give the news post a title." },
    bodyInvalid: { id: "shared.news.bodyInvalid", defaultMessage: "The text must be Markdown text." },
    bodyTooLong: {
      id: "shared.news.bodyTooLong",
      defaultMessage: "The text must be at most {max, number} characters.",
    },
    categoryRequired: { id: "shared.news.categoryRequired", defaultMessage: "Please choose a category." },
    categoryInvalid: { id: "shared.news.categoryInvalid", defaultMessage: "Invalid category id." },
    videoTooLong: {
      id: "shared.news.videoTooLong",
      defaultMessage: "The video link must be at most {max} characters.",
    },
    pinnedInvalid: { id: "shared.news.pinnedInvalid", defaultMessage: "Pinned must be true or false." },
    publishedAtInvalid: {
      id: "shared.news.publishedAtInvalid",
      defaultMessage: "The publication time must be a date and time with its time zone, e.g. 2026-12-01T09:00:00Z.",
    },
    publishedAtOutOfRange: {
      id: "shared.news.publishedAtOutOfRange",
      defaultMessage: "Please enter a realistic publication date.",
    },
    categoryNameRequired: { id: "shared.news.categoryNameRequired", defaultMessage: "Please enter a category name." },
    categoryNameTooLong: {
      id: "shared.news.categoryNameTooLong",
      defaultMessage: "The category name must be at most {max} characters.",
    },
    categoryNameTaken: { id: "shared.news.categoryNameTaken", defaultMessage: 'The category "{name}" already exists.' },
    nothingToChange: {
      id: "shared.news.nothingToChange",
      defaultMessage: "Nothing to change: give at least one field.",
    },
  }),
};

/** NEWS_MESSAGES with the limits their wordings state. */
export const NEWS_PHRASES = phrasesOf(NEWS_MESSAGES, {
  titleTooLong: { max: NEWS_TITLE_MAX_LENGTH },
  bodyTooLong: { max: NEWS_BODY_MAX_LENGTH },
  videoTooLong: { max: NEWS_VIDEO_URL_MAX_LENGTH },
  categoryNameTooLong: { max: NEWS_CATEGORY_NAME_MAX_LENGTH },
});

// ---------------------------------------------------------------------------------------------
// Videos: YouTube and Vimeo only, shown through the privacy-friendly players the CSP allows
// ---------------------------------------------------------------------------------------------

export const NEWS_VIDEO_PROVIDERS = ["youtube", "vimeo"] as const;
export type NewsVideoProvider = (typeof NEWS_VIDEO_PROVIDERS)[number];

/** A video of a news post, as the API answers it. */
export const NewsVideoSchema = z.object({
  provider: z.enum(NEWS_VIDEO_PROVIDERS),
  /** The provider's id of the video. */
  id: z.string(),
  /** The canonical address on the provider's site (what is stored). */
  url: z.string(),
  /**
   * The player to frame when the reader presses play (youtube-nocookie.com, player.vimeo.com with
   * dnt=1). Before that nothing is loaded from the video's host, not even a still.
   */
  embed_url: z.string(),
});
export type NewsVideo = z.infer<typeof NewsVideoSchema>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,40}$/i;
const YOUTUBE_HOSTS = new Set(["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"]);

function youtubeVideo(id: string): NewsVideo {
  return {
    provider: "youtube",
    id,
    url: `https://www.youtube.com/watch?v=${id}`,
    embed_url: `https://www.youtube-nocookie.com/embed/${id}`,
  };
}

function vimeoVideo(id: string, hash: string | null): NewsVideo {
  return {
    provider: "vimeo",
    id,
    url: hash ? `https://vimeo.com/${id}/${hash}` : `https://vimeo.com/${id}`,
    embed_url: hash
      ? `https://player.vimeo.com/video/${id}?h=${hash}&dnt=1`
      : `https://player.vimeo.com/video/${id}?dnt=1`,
  };
}

/**
 * The video a link names, or null when it is not a YouTube or Vimeo video link: youtube.com/watch?v=,
 * /shorts/, /embed/, /live/, youtu.be/, youtube-nocookie.com/embed/, vimeo.com/<id>[/<hash>],
 * vimeo.com/channels/<name>/<id>, player.vimeo.com/video/<id>[?h=<hash>]. Only http(s) links
 * without credentials or ports count; a link without a scheme is read as https.
 */
export function parseNewsVideo(link: string): NewsVideo | null {
  const text = link.trim();
  if (text === "" || text.length > NEWS_VIDEO_URL_MAX_LENGTH || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const segments = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be") {
    const id = segments[0];
    return segments.length === 1 && id && YOUTUBE_ID.test(id) ? youtubeVideo(id) : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch") {
      const id = url.searchParams.get("v");
      return id && YOUTUBE_ID.test(id) ? youtubeVideo(id) : null;
    }
    const [kind, id] = segments;
    if (segments.length === 2 && id && ["shorts", "embed", "live", "v"].includes(kind!) && YOUTUBE_ID.test(id)) {
      return youtubeVideo(id);
    }
    return null;
  }
  if (host === "vimeo.com") {
    if (segments.length >= 1 && segments.length <= 2 && VIMEO_ID.test(segments[0]!)) {
      const hash = segments[1] ?? null;
      if (hash !== null && !VIMEO_HASH.test(hash)) return null;
      return vimeoVideo(segments[0]!, hash);
    }
    if (segments.length === 3 && segments[0] === "channels" && VIMEO_ID.test(segments[2]!)) {
      return vimeoVideo(segments[2]!, null);
    }
    return null;
  }
  if (host === "player.vimeo.com") {
    const [kind, id] = segments;
    if (segments.length !== 2 || kind !== "video" || !id || !VIMEO_ID.test(id)) return null;
    const hash = url.searchParams.get("h");
    if (hash !== null && !VIMEO_HASH.test(hash)) return null;
    return vimeoVideo(id, hash);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const newsTitle = requiredText(NEWS_MESSAGES.titleRequired, NEWS_TITLE_MAX_LENGTH, NEWS_PHRASES.titleTooLong);

/** Markdown; rendered and sanitised on the server. */
const newsBody = z
  .string({ error: schemaMessage(NEWS_MESSAGES.bodyInvalid) })
  .max(NEWS_BODY_MAX_LENGTH, schemaMessage(NEWS_PHRASES.bodyTooLong));

const categoryId = z.uuid({ message: schemaMessage(NEWS_MESSAGES.categoryInvalid) });

/** A YouTube or Vimeo link (checked by the server, which answers news.video_invalid); "" or null removes it. */
const newsVideo = z
  .string({ error: schemaMessage(NEWS_MESSAGES.videoInvalid) })
  .trim()
  .max(NEWS_VIDEO_URL_MAX_LENGTH, schemaMessage(NEWS_PHRASES.videoTooLong));

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** An instant with its offset, on a real day of the calendar (not 2026-02-31), within the calendar years. */
const publishedAtInvalid = schemaMessage(NEWS_MESSAGES.publishedAtInvalid);
const publishedAt = z
  .string({ error: publishedAtInvalid })
  .max(40, publishedAtInvalid)
  .refine(
    (text) => DATE_TIME.test(text) && isCalendarDay(text.slice(0, 10)) && !Number.isNaN(new Date(text).getTime()),
    {
      message: publishedAtInvalid,
      abort: true,
    },
  )
  .refine(isWithinCalendarYears, schemaMessage(NEWS_MESSAGES.publishedAtOutOfRange));

const pinned = z.boolean({ error: schemaMessage(NEWS_MESSAGES.pinnedInvalid) });

/**
 * POST /api/news/ (admins). `published_at` left out publishes now; null keeps a draft; a later
 * time schedules the post (readers see it from then on).
 */
export const CreateNewsRequestSchema = z.object({
  title: newsTitle,
  body: newsBody.default(""),
  category_id: z.uuid({ message: schemaMessage(NEWS_MESSAGES.categoryRequired) }),
  video: newsVideo.nullish(),
  pinned: pinned.optional(),
  published_at: publishedAt.nullish(),
});
export type CreateNewsRequest = z.input<typeof CreateNewsRequestSchema>;

/** PATCH /api/news/{id}/ (admins): any of the fields; `video: null` removes the video, `published_at: null` unpublishes. */
export const UpdateNewsRequestSchema = partialUpdateSchema(
  {
    title: newsTitle,
    body: newsBody,
    category_id: categoryId,
    video: newsVideo.nullable(),
    pinned,
    published_at: publishedAt.nullable(),
  },
  NEWS_MESSAGES.nothingToChange,
);
export type UpdateNewsRequest = z.input<typeof UpdateNewsRequestSchema>;

/** GET /api/news/?category=&cursor=&limit= */
export const NewsListQuerySchema = PageQuerySchema.extend({ category: categoryId.optional() });
export type NewsListQuery = z.input<typeof NewsListQuerySchema>;

const categoryName = requiredText(
  NEWS_MESSAGES.categoryNameRequired,
  NEWS_CATEGORY_NAME_MAX_LENGTH,
  NEWS_PHRASES.categoryNameTooLong,
);

/** POST /api/news/categories/ and PATCH /api/news/categories/{id}/ (admins). */
export const NewsCategoryRequestSchema = z.object({ name: categoryName });
export type NewsCategoryRequest = z.input<typeof NewsCategoryRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** draft: no publication time; scheduled: published later; published: readers see it. */
export const NEWS_STATUSES = ["draft", "scheduled", "published"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** A category of the company's news; `news_count` counts the posts the caller sees in it. */
export const NewsCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  news_count: z.number().int(),
});
export type NewsCategory = z.infer<typeof NewsCategorySchema>;

/** A news post as the API answers it. */
export const NewsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  /** The Markdown as written (for editing). */
  body: z.string(),
  /** The Markdown rendered and sanitised: safe to insert as HTML. */
  body_html: z.string(),
  video: NewsVideoSchema.nullable(),
  pinned: z.boolean(),
  author_name: z.string().nullable(),
  /** Null for a draft; a later time for a scheduled post. */
  published_at: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  /** The caller has opened it. */
  read: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may edit, pin or delete it (admins). */
  can_edit: z.boolean(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsListResponseSchema = SuccessSchema.extend({
  news: z.array(NewsItemSchema),
  categories: z.array(NewsCategorySchema),
  next_cursor: NextCursorSchema,
});
export const NewsResponseSchema = SuccessSchema.extend({ news: NewsItemSchema });
export const NewsCategoryListResponseSchema = SuccessSchema.extend({
  categories: z.array(NewsCategorySchema),
});
export const NewsCategoryResponseSchema = SuccessSchema.extend({ category: NewsCategorySchema });

/** News: everyone in the company reads; admins publish and manage the categories. */
export const newsEndpoints = {
  listNews: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/news/",
    query: NewsListQuerySchema,
    response: NewsListResponseSchema,
  }),
  createNews: defineEndpoint({
    tokenScope: "admin",
    method: "POST",
    path: "/api/news/",
    body: CreateNewsRequestSchema,
    response: NewsResponseSchema,
  }),
  getNews: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/news/:id/",
    response: NewsResponseSchema,
  }),
  updateNews: defineEndpoint({
    tokenScope: "admin",
    method: "PATCH",
    path: "/api/news/:id/",
    body: UpdateNewsRequestSchema,
    response: NewsResponseSchema,
  }),
  deleteNews: defineEndpoint({
    tokenScope: "admin",
    method: "DELETE",
    path: "/api/news/:id/",
    response: SuccessSchema,
  }),
  newsCategories: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/news/categories/",
    response: NewsCategoryListResponseSchema,
  }),
  createNewsCategory: defineEndpoint({
    tokenScope: "admin",
    method: "POST",
    path: "/api/news/categories/",
    body: NewsCategoryRequestSchema,
    response: NewsCategoryResponseSchema,
  }),
  renameNewsCategory: defineEndpoint({
    tokenScope: "admin",
    method: "PATCH",
    path: "/api/news/categories/:id/",
    body: NewsCategoryRequestSchema,
    response: NewsCategoryResponseSchema,
  }),
  deleteNewsCategory: defineEndpoint({
    tokenScope: "admin",
    method: "DELETE",
    path: "/api/news/categories/:id/",
    response: SuccessSchema,
  }),
} as const;
