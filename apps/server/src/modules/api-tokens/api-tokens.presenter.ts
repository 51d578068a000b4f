import type { ApiToken } from "@ideaport/shared";
import type { ApiTokenRow } from "../../db/schema/index.ts";

/** A token as the list shows it: never its text, which only its creation answers. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
