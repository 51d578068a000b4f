import {
  AppError,
  TAG_LIST_DEFAULT_LIMIT,
  type Tag,
  type TagListQuerySchema,
  type TagRef,
  type UpdateTagRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import {
  deleteTag,
  findTagsByNames,
  findTagsNamed,
  findTagWithCount,
  insertTag,
  listTagsByName,
  lockTags,
  mergeTagInto,
  readPeopleMayAddTags,
  renameTag,
  replaceIdeaTags,
  type TagWithCount,
  tagsOfIdeas,
  takenTagName,
  writePeopleMayAddTags,
} from "./tags.repository.ts";
import { TAGS_TEXTS } from "./tags.texts.ts";

export type TagsService = ReturnType<typeof createTagsService>;

function presentTag(row: TagWithCount): Tag {
  return { id: row.id, name: row.name, idea_count: row.ideaCount };
}

/** 409 naming the tag that already has the name (any case). */
function nameTaken(taken: string): AppError {
  const message = { message: TAGS_TEXTS.nameTaken, values: { name: taken } };
  return new AppError("tag.name_taken", { ...message, fields: { name: message } });
}

/** The caller may add new tags: admins always, others while the company lets them. */
async function mayCreateTags(db: Database, caller: CompanyCaller): Promise<boolean> {
  return isAllowed(caller, "tags.manage") || (await readPeopleMayAddTags(db, caller.companyId));
}

/**
 * The tags an idea should carry, from the names its author gave: a name of the vocabulary (any
 * case) is that tag; another becomes a new tag when the caller may add tags (403 otherwise). Names
 * repeated in any case count once.
 */
export async function resolveIdeaTags(tx: Database, caller: CompanyCaller, names: string[]): Promise<string[]> {
  const firstSpelling = new Map<string, string>();
  for (const name of names) if (!firstSpelling.has(name.toLowerCase())) firstSpelling.set(name.toLowerCase(), name);
  const wanted = [...firstSpelling.values()];
  const known = new Map(
    (await findTagsByNames(tx, caller.companyId, wanted)).map((tag) => [tag.name.toLowerCase(), tag.id]),
  );
  const missing = wanted.filter((name) => !known.has(name.toLowerCase()));
  if (missing.length > 0 && !(await mayCreateTags(tx, caller))) {
    const message = { message: TAGS_TEXTS.addingOff, values: { name: missing[0] } };
    throw new AppError("tag.adding_off", { ...message, fields: { tags: message } });
  }
  for (const name of missing) {
    // Someone may add the same name meanwhile: then theirs is used.
    const created = await insertTag(tx, caller.companyId, name);
    const id = created?.id ?? (await findTagsByNames(tx, caller.companyId, [name]))[0]?.id;
    if (id) known.set(name.toLowerCase(), id);
  }
  return wanted.flatMap((name) => {
    const id = known.get(name.toLowerCase());
    return id ? [id] : [];
  });
}

/** Makes an idea carry the tags named (see resolveIdeaTags). */
export async function setIdeaTags(tx: Database, caller: CompanyCaller, ideaId: string, names: string[]): Promise<void> {
  await replaceIdeaTags(tx, caller.companyId, ideaId, await resolveIdeaTags(tx, caller, names));
}

/** The tags of each idea, by name; an idea without tags is missing from the map. */
export function tagsOfIdeasById(db: Database, companyId: string, ideaIds: string[]): Promise<Map<string, TagRef[]>> {
  return tagsOfIdeas(db, companyId, ideaIds);
}

/** The company's tags a text uses (its lower-case words and pairs of words): the analysis suggests them first. */
export function tagsOfVocabularyIn(db: Database, companyId: string, candidates: string[]): Promise<string[]> {
  return findTagsNamed(db, companyId, candidates);
}

/** The company's tag vocabulary: read and extended by everyone; renamed, merged and deleted by admins. */
export function createTagsService({ db }: ServiceDependencies) {
  async function requireTag(companyId: string, tagId: string): Promise<TagWithCount> {
    const tag = await findTagWithCount(db, companyId, tagId);
    if (!tag) throw new AppError("tag.not_found");
    return tag;
  }

  return {
    /** The vocabulary by name, bounded; with the company setting and what the caller may do. */
    async list(caller: CompanyCaller, query: z.output<typeof TagListQuerySchema>) {
      const limit = query.limit ?? TAG_LIST_DEFAULT_LIMIT;
      const rows = await listTagsByName(db, caller.companyId, { prefix: query.q || undefined, limit });
      const peopleMayAdd = await readPeopleMayAddTags(db, caller.companyId);
      const canManage = isAllowed(caller, "tags.manage");
      return {
        tags: rows.slice(0, limit).map(presentTag),
        has_more: rows.length > limit,
        people_may_add: peopleMayAdd,
        can_create: canManage || peopleMayAdd,
        can_manage: canManage,
      };
    },

    /** Adds a tag to the vocabulary (409 when the name exists in any case; 403 when adding is off). */
    async create(caller: CompanyCaller, name: string): Promise<Tag> {
      if (!(await mayCreateTags(db, caller))) throw new AppError("tag.adding_off");
      const created = await insertTag(db, caller.companyId, name);
      if (!created) throw nameTaken((await takenTagName(db, caller.companyId, name)) ?? name);
      return presentTag({ id: created.id, name: created.name, ideaCount: 0 });
    },

    /**
     * Renames a tag (another tag's name, in any case, answers 409), or merges it into another tag
     * in one transaction: the ideas carrying it carry the other instead, once, and it is deleted.
     */
    async update(caller: CompanyCaller, tagId: string, input: z.output<typeof UpdateTagRequestSchema>): Promise<Tag> {
      const { companyId } = caller;
      // Another company's tag is not found, whoever asks; then only admins change tags.
      const current = await requireTag(companyId, tagId);
      authorize(caller, "tags.manage");
      if (input.merge_into !== undefined) {
        const intoId = input.merge_into;
        if (intoId === tagId) throw new AppError("tag.merge_into_itself");
        await db.transaction(async (tx) => {
          const locked = await lockTags(tx, companyId, [tagId, intoId]);
          if (!locked.some((tag) => tag.id === tagId)) throw new AppError("tag.not_found");
          if (!locked.some((tag) => tag.id === intoId)) {
            const message = { message: TAGS_TEXTS.mergeTargetMissing };
            throw new AppError("tag.not_found", { ...message, fields: { merge_into: message } });
          }
          await mergeTagInto(tx, companyId, tagId, intoId);
          await recordCallerAudit(tx, caller, {
            action: "tag.merged",
            targetType: "tag",
            targetId: intoId,
            details: { from: current.name, into: locked.find((tag) => tag.id === intoId)?.name },
          });
        });
        return presentTag(await requireTag(companyId, intoId));
      }
      const name = input.name as string;
      const taken = await takenTagName(db, companyId, name, tagId);
      if (taken !== null) throw nameTaken(taken);
      try {
        await db.transaction(async (tx) => {
          await renameTag(tx, companyId, tagId, name);
          await recordCallerAudit(tx, caller, {
            action: "tag.renamed",
            targetType: "tag",
            targetId: tagId,
            details: { from: current.name, to: name },
          });
        });
      } catch (error) {
        const raced = await takenTagName(db, companyId, name, tagId);
        if (raced !== null) throw nameTaken(raced);
        throw error;
      }
      return presentTag(await requireTag(companyId, tagId));
    },

    /** Deletes a tag; the ideas carrying it lose it. */
    async remove(caller: CompanyCaller, tagId: string): Promise<void> {
      const tag = await requireTag(caller.companyId, tagId);
      authorize(caller, "tags.manage");
      await db.transaction(async (tx) => {
        await deleteTag(tx, caller.companyId, tagId);
        await recordCallerAudit(tx, caller, {
          action: "tag.deleted",
          targetType: "tag",
          targetId: tagId,
          details: { name: tag.name, idea_count: tag.ideaCount },
        });
      });
    },

    /** Company Settings: whether people other than admins may add new tags. */
    async updateSettings(caller: CompanyCaller, peopleMayAdd: boolean): Promise<boolean> {
      authorize(caller, "tags.manage");
      await writePeopleMayAddTags(db, caller.companyId, peopleMayAdd);
      return peopleMayAdd;
    },
  };
}
