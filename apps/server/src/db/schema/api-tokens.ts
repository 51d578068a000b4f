/** Personal API tokens: what a person's scripts and tools call the REST API with. */
import type { TokenScope } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns.ts";
import { companyKeys, ownerId } from "./companies.ts";

/**
 * A person's API token, stored hashed, with its scopes and expiry. Revoked tokens stay (revoked_at
 * set) so the audit entries about them keep their name; the person's erasure deletes them.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    ...companyKeys(),
    userId: ownerId(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").array().notNull().$type<TokenScope[]>(),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    /** Noted at most once a minute per token, so a busy script does not write on every call. */
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
  },
  (table) => [
    uniqueIndex("api_tokens_token_hash_unique").on(table.tokenHash),
    index("api_tokens_user_live_idx")
      .on(table.companyId, table.userId, table.createdAt)
      .where(sql`${table.revokedAt} is null`),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
