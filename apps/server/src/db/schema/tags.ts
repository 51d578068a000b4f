/** The company's tag vocabulary and the tags each idea carries (up to five). */
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, ofSameCompany, timestamps } from "./columns.ts";
import { companyId, companyKeys } from "./companies.ts";
import { ideaOfSameCompany } from "./ideas.ts";

/** A tag of a company's vocabulary; names are unique per company, ignoring case. */
export const tags = pgTable(
  "tags",
  {
    ...companyKeys(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("tags_company_name_lower_unique").on(table.companyId, sql`lower(${table.name})`),
    unique("tags_id_company_unique").on(table.id, table.companyId),
  ],
);

/** A tag an idea carries. Deleting the tag or the idea deletes the link. */
export const ideaTags = pgTable(
  "idea_tags",
  {
    companyId: companyId(),
    ideaId: uuid("idea_id").notNull(),
    tagId: uuid("tag_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: "idea_tags_pk", columns: [table.ideaId, table.tagId] }),
    // The ideas list's `tag=` filter and the analytics counts by tag.
    index("idea_tags_company_tag_idea_idx").on(table.companyId, table.tagId, table.ideaId),
    ideaOfSameCompany("idea_tags_idea_fk", table),
    ofSameCompany("idea_tags_tag_fk", table.tagId, table.companyId, tags).onDelete("cascade"),
  ],
);

export type TagRow = typeof tags.$inferSelect;
