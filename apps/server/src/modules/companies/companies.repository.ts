import type { Language, MemberRole } from "@ideaport/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CompanyRow, companies, matchesIgnoringCase, users } from "../../db/schema/index.ts";

/**
 * A company by name, ignoring case (uses companies_name_lower_unique). The one lookup not scoped
 * by a company id: it is how a joiner names their company.
 */
export async function findCompanyByName(executor: Database, name: string): Promise<CompanyRow | null> {
  const [company] = await executor.select().from(companies).where(matchesIgnoringCase(companies.name, name)).limit(1);
  return company ?? null;
}

/** A company by id, optionally locked until the transaction ends. */
export async function findCompany(
  executor: Database,
  companyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CompanyRow | null> {
  const query = executor.select().from(companies).where(eq(companies.id, companyId));
  const [company] = options.forUpdate ? await query.for("update") : await query;
  return company ?? null;
}

/** Adds a company with its hashed join password. */
export async function insertCompany(tx: Database, values: { name: string; passwordHash: string }): Promise<CompanyRow> {
  const [company] = await tx.insert(companies).values(values).returning();
  return company!;
}

/** Renames a company. */
export async function setCompanyName(tx: Database, companyId: string, name: string): Promise<void> {
  await tx.update(companies).set({ name }).where(eq(companies.id, companyId));
}

/** Sets the language a company's people read when they have not chosen one. */
export async function setCompanyDefaultLanguage(tx: Database, companyId: string, language: Language): Promise<void> {
  await tx.update(companies).set({ defaultLanguage: language }).where(eq(companies.id, companyId));
}

/** Replaces a company's hashed join password. */
export async function setCompanyPassword(tx: Database, companyId: string, passwordHash: string): Promise<void> {
  await tx.update(companies).set({ passwordHash }).where(eq(companies.id, companyId));
}

/** How many active members the company has. */
export async function countActiveMembers(executor: Database, companyId: string): Promise<number> {
  return executor.$count(users, and(eq(users.companyId, companyId), eq(users.isActive, true)));
}

/**
 * Puts a user without a company into the company as an employee with the display name they
 * chose. False when the user already has a company (the condition also settles two racing joins).
 */
export async function attachJoiner(
  tx: Database,
  companyId: string,
  userId: string,
  displayName: string,
): Promise<boolean> {
  const joined = await tx
    .update(users)
    .set({ companyId, role: "employee", displayName })
    .where(and(eq(users.id, userId), isNull(users.companyId)))
    .returning({ id: users.id });
  return joined.length > 0;
}

/**
 * Makes a user without a company the admin of a new company, with the role they chose; null when
 * the user already has a company.
 */
export async function attachCreator(
  tx: Database,
  companyId: string,
  userId: string,
  role: MemberRole,
): Promise<{ id: string; displayName: string } | null> {
  const [creator] = await tx
    .update(users)
    .set({ companyId, isAdmin: true, role })
    .where(and(eq(users.id, userId), isNull(users.companyId)))
    .returning({ id: users.id, displayName: users.displayName });
  return creator ?? null;
}
