/** Provisioning with SCIM: the bearer tokens a company's identity provider calls with. */
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns.ts";
import { companyKeys, users } from "./companies.ts";

/**
 * A company's SCIM token, stored hashed; revoked tokens stay (revoked_at set) so the audit entries
 * they made keep their name.
 */
export const scimTokens = pgTable(
  "scim_tokens",
  {
    ...companyKeys(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
  },
  (table) => [
    uniqueIndex("scim_tokens_token_hash_unique").on(table.tokenHash),
    index("scim_tokens_company_live_idx").on(table.companyId, table.createdAt).where(sql`${table.revokedAt} is null`),
  ],
);

export type ScimTokenRow = typeof scimTokens.$inferSelect;
