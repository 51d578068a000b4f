import { type Language, SOURCE_LANGUAGE } from "@ideaport/shared";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { companies, users } from "../db/schema/index.ts";
import { effectiveLanguage } from "../lib/i18n.ts";

/**
 * The language each of `userIds` reads (their choice, else their company's default, else
 * English), in one query however many they are: what the server writes for them is said in it.
 * An unknown id is left out.
 */
export async function languagesOf(db: Database, userIds: readonly string[]): Promise<Map<string, Language>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, chosen: users.language, companyDefault: companies.defaultLanguage })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, effectiveLanguage(row.chosen, row.companyDefault)]));
}

/** The language one person reads (English for an unknown id). */
export async function languageOf(db: Database, userId: string): Promise<Language> {
  return (await languagesOf(db, [userId])).get(userId) ?? SOURCE_LANGUAGE;
}

/** The language a company's people read until they choose their own (English for an unknown id). */
export async function companyLanguageOf(db: Database, companyId: string): Promise<Language> {
  const [company] = await db
    .select({ defaultLanguage: companies.defaultLanguage })
    .from(companies)
    .where(eq(companies.id, companyId));
  return effectiveLanguage(null, company?.defaultLanguage);
}
