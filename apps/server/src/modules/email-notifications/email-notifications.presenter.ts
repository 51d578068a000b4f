import { DEFAULT_EMAIL_FREQUENCY, type EmailPreferences, emailCategoriesFor, type RoleSubject } from "@ideaport/shared";
import type { EmailPreferencesRow } from "../../db/schema/index.ts";
import { frequenciesOf } from "./email-notifications.repository.ts";

/** A stored row (or none: every default) as the contract's preferences: the categories `person` is offered. */
export function presentPreferences(row: EmailPreferencesRow | null, person: RoleSubject): EmailPreferences {
  const stored = row ? frequenciesOf(row) : null;
  return Object.fromEntries(
    emailCategoriesFor(person).map((category) => [category, stored?.[category] ?? DEFAULT_EMAIL_FREQUENCY]),
  ) as EmailPreferences;
}
