import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { hasAnyField, requiredText, SuccessSchema } from "./common.ts";

/** How many tags an idea carries at most, and how long a tag's name may be. */
export const TAGS_PER_IDEA_MAX = 5;
export const TAG_NAME_MAX_LENGTH = 40;
/** How many tags GET /api/tags/ answers by default and at most (the picker asks with a prefix). */
export const TAG_LIST_DEFAULT_LIMIT = 50;
export const TAG_LIST_MAX_LIMIT = 200;

export const TAG_MESSAGES = defineMessages({
  nameRequired: { id: "shared.tags.nameRequired", defaultMessage: "Please enter a tag name." },
  nameTooLong: {
    id: "shared.tags.nameTooLong",
    defaultMessage: "A tag name has at most {max} characters.",
  },
  tooMany: { id: "shared.tags.tooMany", defaultMessage: "An idea carries at most {max} tags." },
  tagIdInvalid: { id: "shared.tags.tagIdInvalid", defaultMessage: "The tag must be a tag id." },
  renameOrMerge: {
    id: "shared.tags.renameOrMerge",
    defaultMessage: "Give either a new name or the tag to merge into, not both.",
  },
  nothingToChange: { id: "shared.tags.nothingToChange", defaultMessage: "Give a new name or a tag to merge into." },
  peopleMayAddInvalid: {
    id: "shared.tags.peopleMayAddInvalid",
    defaultMessage: "people_may_add must be true or false.",
  },
});

/** A tag's name: trimmed, 1 to 40 characters. */
export const TagNameSchema = requiredText(TAG_MESSAGES.nameRequired, TAG_NAME_MAX_LENGTH, {
  message: TAG_MESSAGES.nameTooLong,
  values: { max: TAG_NAME_MAX_LENGTH },
});

export const TagIdSchema = z.uuid({ message: schemaMessage(TAG_MESSAGES.tagIdInvalid) });

/**
 * The tags of an idea's create and update, by name: a name of the vocabulary (any case) is that
 * tag; another is a new tag when the company lets people add them. The update replaces the set.
 */
export const IdeaTagsFieldSchema = z
  .array(TagNameSchema)
  .max(TAGS_PER_IDEA_MAX, schemaMessage({ message: TAG_MESSAGES.tooMany, values: { max: TAGS_PER_IDEA_MAX } }));

/** A tag as an idea carries it. */
export const TagRefSchema = z.object({ id: z.string(), name: z.string() });
export type TagRef = z.infer<typeof TagRefSchema>;

/** A tag of the vocabulary, with how many ideas carry it. */
export const TagSchema = TagRefSchema.extend({ idea_count: z.number().int() });
export type Tag = z.infer<typeof TagSchema>;

/** GET /api/tags/: the vocabulary by name, those starting with `q` (any case) when given; bounded by `limit`. */
export const TagListQuerySchema = z.object({
  q: z.string().trim().max(TAG_NAME_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(TAG_LIST_MAX_LIMIT).optional(),
});
export type TagListQuery = z.input<typeof TagListQuerySchema>;

export const TagListResponseSchema = SuccessSchema.extend({
  tags: z.array(TagSchema),
  /** More tags match than were answered (ask with a longer prefix). */
  has_more: z.boolean(),
  /** The company setting: people may add new tags to the vocabulary. */
  people_may_add: z.boolean(),
  /** The caller may add new tags (admins always may). */
  can_create: z.boolean(),
  /** The caller may rename, merge and delete tags and change the setting. */
  can_manage: z.boolean(),
});

export const CreateTagRequestSchema = z.object({ name: TagNameSchema });
export type CreateTagRequest = z.input<typeof CreateTagRequestSchema>;

/**
 * PATCH /api/tags/{id}/ (admins): `name` renames the tag; `merge_into` merges it into another tag
 * (its ideas carry that tag instead, and it is deleted). One of the two.
 */
export const UpdateTagRequestSchema = z
  .object({ name: TagNameSchema.optional(), merge_into: TagIdSchema.optional() })
  .refine(hasAnyField, { message: schemaMessage(TAG_MESSAGES.nothingToChange) })
  .refine((value) => value.name === undefined || value.merge_into === undefined, {
    message: schemaMessage(TAG_MESSAGES.renameOrMerge),
  });
export type UpdateTagRequest = z.input<typeof UpdateTagRequestSchema>;

export const TagResponseSchema = SuccessSchema.extend({ tag: TagSchema });

/** PUT /api/tags/settings/ (admins): whether people may add new tags. */
export const TagSettingsRequestSchema = z.object({
  people_may_add: z.boolean({ error: schemaMessage(TAG_MESSAGES.peopleMayAddInvalid) }),
});
export type TagSettingsRequest = z.input<typeof TagSettingsRequestSchema>;
export const TagSettingsResponseSchema = SuccessSchema.extend({ people_may_add: z.boolean() });

/** The company's tag vocabulary: read and extended by everyone, renamed, merged and deleted by admins. */
export const tagsEndpoints = {
  listTags: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/tags/",
    query: TagListQuerySchema,
    response: TagListResponseSchema,
  }),
  createTag: defineEndpoint({
    method: "POST",
    path: "/api/tags/",
    body: CreateTagRequestSchema,
    response: TagResponseSchema,
  }),
  updateTag: defineEndpoint({
    method: "PATCH",
    path: "/api/tags/:id/",
    body: UpdateTagRequestSchema,
    response: TagResponseSchema,
  }),
  deleteTag: defineEndpoint({ method: "DELETE", path: "/api/tags/:id/", response: SuccessSchema }),
  updateTagSettings: defineEndpoint({
    method: "PUT",
    path: "/api/tags/settings/",
    body: TagSettingsRequestSchema,
    response: TagSettingsResponseSchema,
  }),
} as const;
