/** Reads and writes of single sign-on: providers, claimed domains, sign-ins under way and tickets. */
import { and, asc, eq, gt, inArray, isNull, lte, ne } from "drizzle-orm";
import { insertReturningId } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  companySsoProviders,
  matchesIgnoringCase,
  ssoDomains,
  ssoSignIns,
  ssoTickets,
  teams,
  users,
} from "../../db/schema/index.ts";

/** The company's provider and its domains, or null when none is set up. */
export async function findCompanySso(db: Database, companyId: string) {
  const [provider] = await db.select().from(companySsoProviders).where(eq(companySsoProviders.companyId, companyId));
  if (!provider) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.companyId, companyId))
    .orderBy(asc(ssoDomains.domain));
  return { provider, domains: domains.map((row) => row.domain) };
}

/** The provider of the company that claimed `domain`, or null when no company did. */
export async function findSsoProviderOfDomain(db: Database, domain: string) {
  const [row] = await db
    .select({
      companyId: companySsoProviders.companyId,
      issuer: companySsoProviders.issuer,
      clientId: companySsoProviders.clientId,
      clientSecretEncrypted: companySsoProviders.clientSecretEncrypted,
      isRequired: companySsoProviders.isRequired,
    })
    .from(ssoDomains)
    .innerJoin(companySsoProviders, eq(companySsoProviders.companyId, ssoDomains.companyId))
    .where(eq(ssoDomains.domain, domain))
    .limit(1);
  return row ?? null;
}

/** The provider of a company, or null. */
export async function findSsoProviderOfCompany(db: Database, companyId: string) {
  const [row] = await db.select().from(companySsoProviders).where(eq(companySsoProviders.companyId, companyId));
  return row ?? null;
}

/** The domains among `domains` that another company claimed. */
export async function findDomainsOfOtherCompanies(db: Database, companyId: string, domains: string[]) {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.companyId, companyId)));
  return rows.map((row) => row.domain);
}

/** Saves the company's provider (insert or replace). */
export async function upsertSsoProvider(
  db: Database,
  values: { companyId: string; issuer: string; clientId: string; clientSecretEncrypted: string; isRequired: boolean },
  now: Date,
): Promise<void> {
  await db
    .insert(companySsoProviders)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: companySsoProviders.companyId,
      set: {
        issuer: values.issuer,
        clientId: values.clientId,
        clientSecretEncrypted: values.clientSecretEncrypted,
        isRequired: values.isRequired,
        updatedAt: now,
      },
    });
}

/** Replaces the company's claimed domains with `domains`. */
export async function replaceSsoDomains(db: Database, companyId: string, domains: string[], now: Date) {
  await db.delete(ssoDomains).where(eq(ssoDomains.companyId, companyId));
  if (domains.length > 0) {
    await db.insert(ssoDomains).values(domains.map((domain) => ({ companyId, domain, createdAt: now })));
  }
}

/** A person's e-mail, whether it was verified, their company and whether they are active. */
export async function findEmailOfUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      companyId: users.companyId,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// Sign-ins under way --------------------------------------------------------------------------

export async function insertSsoSignIn(
  db: Database,
  values: { companyId: string; stateHash: string; nonce: string; codeVerifierEncrypted: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoSignIns).values(values);
}

/** Takes the sign-in with this state (it is used once, whatever comes next); null when unknown or expired. */
export async function takeSsoSignIn(db: Database, stateHash: string, now: Date) {
  const [row] = await db.delete(ssoSignIns).where(eq(ssoSignIns.stateHash, stateHash)).returning({
    companyId: ssoSignIns.companyId,
    nonce: ssoSignIns.nonce,
    codeVerifierEncrypted: ssoSignIns.codeVerifierEncrypted,
    expiresAt: ssoSignIns.expiresAt,
  });
  if (!row || row.expiresAt <= now) return null;
  return row;
}

/** Drops the sign-ins and tickets that expired. */
export async function deleteExpiredSsoRows(db: Database, now: Date): Promise<void> {
  await db.delete(ssoSignIns).where(lte(ssoSignIns.expiresAt, now));
  await db.delete(ssoTickets).where(lte(ssoTickets.expiresAt, now));
}

// People -----------------------------------------------------------------------------------------

/** The account with this e-mail (any case): its company and state, or null. */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, isActive: users.isActive, isAdmin: users.isAdmin })
    .from(users)
    .where(matchesIgnoringCase(users.email, email));
  return row ?? null;
}

/** The team a person created by single sign-on joins: the company's oldest team that is not archived. */
export async function findFirstTeamOfCompany(db: Database, companyId: string) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), isNull(teams.archivedAt)))
    .orderBy(asc(teams.createdAt), asc(teams.id))
    .limit(1);
  return row?.id ?? null;
}

/** Puts a person without a company into the company as an employee (none when they have a company already). */
export async function attachToCompany(db: Database, companyId: string, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ companyId, role: "employee" })
    .where(and(eq(users.id, userId), isNull(users.companyId)));
}

/** Creates the account of a person who signed in through their company's provider; answers its id. */
export async function insertSsoUser(
  db: Database,
  values: {
    companyId: string;
    email: string;
    firstName: string;
    lastName: string;
    displayName: string;
    passwordHash: string;
    emailVerifiedAt: Date;
  },
): Promise<string> {
  return insertReturningId(db, users, { ...values, role: "employee", isAdmin: false });
}

// Tickets ----------------------------------------------------------------------------------------

export async function insertSsoTicket(
  db: Database,
  values: { companyId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoTickets).values(values);
}

/** Uses the ticket with this hash once: its person, or null when unknown, used or expired. */
export async function useSsoTicket(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(ssoTickets)
    .set({ usedAt: now })
    .where(and(eq(ssoTickets.tokenHash, tokenHash), isNull(ssoTickets.usedAt), gt(ssoTickets.expiresAt, now)))
    .returning({ userId: ssoTickets.userId, companyId: ssoTickets.companyId });
  return row ?? null;
}
