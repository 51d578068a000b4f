import { DEFAULT_EMAIL_FREQUENCY, EMAIL_CATEGORIES, type EmailPreferences } from "@ideaport/shared";
import type { EmailPreferencesRow } from "../../db/schema.ts";

/** A stored row (or none: every default) as the contract's preferences. */
export function presentPreferences(row: EmailPreferencesRow | null): EmailPreferences {
  if (!row) {
    return Object.fromEntries(
      EMAIL_CATEGORIES.map((category) => [category, DEFAULT_EMAIL_FREQUENCY]),
    ) as EmailPreferences;
  }
  return {
    approvals: row.approvals,
    revision_requests: row.revisionRequests,
    rejections: row.rejections,
    comments: row.comments,
    admin_requests: row.adminRequests,
    actions: row.actions,
  };
}
