/**
 * Test data factories: each inserts one row with sensible, unique defaults and returns it.
 * Passwords are real argon2id hashes; each distinct password is hashed once per process.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  type CompanyRow,
  companies,
  type NewCompanyRow,
  type NewTeamRow,
  type NewUserRow,
  type TeamMembershipRow,
  type TeamRow,
  teamMemberships,
  teams,
  type UserRole,
  type UserRow,
  users,
} from "../db/schema/index.ts";
import { hashPassword } from "../lib/password.ts";
import type { TestApp } from "./app.ts";

export const DEFAULT_USER_PASSWORD = "Password123!";
export const DEFAULT_COMPANY_PASSWORD = "JoinUs123!";

const hashes = new Map<string, Promise<string>>();

/** The argon2id hash of a password, computed once per process. */
export function cachedPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let sequence = 0;
/** A short suffix unique within the process and unlikely to clash across processes. */
function uniqueSuffix(): string {
  sequence += 1;
  return `${sequence}${randomBytes(3).toString("hex")}`;
}

export type BuildCompanyOptions = Partial<Omit<NewCompanyRow, "passwordHash">> & { password?: string };

/** Inserts a company; the result also carries its plain join `password`. */
export async function buildCompany(
  db: Database,
  overrides: BuildCompanyOptions = {},
): Promise<CompanyRow & { password: string }> {
  const { password = DEFAULT_COMPANY_PASSWORD, ...values } = overrides;
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${uniqueSuffix()}`, ...values, passwordHash: await cachedPasswordHash(password) })
    .returning();
  return { ...company!, password };
}

export type BuildTeamOptions = Partial<NewTeamRow> & { companyId: string };

/** Inserts a team of `companyId`. */
export async function buildTeam(db: Database, options: BuildTeamOptions): Promise<TeamRow> {
  const [team] = await db
    .insert(teams)
    .values({ name: `Team ${uniqueSuffix()}`, ...options })
    .returning();
  return team!;
}

export interface BuildUserOptions
  extends Partial<Omit<NewUserRow, "passwordHash" | "role" | "isAdmin" | "companyId" | "email">> {
  /** The user's company; taken from the team when only `teamId` is given; none when neither is. */
  companyId?: string | null;
  /** Makes the user a member of this team. */
  teamId?: string;
  role?: UserRole;
  isAdmin?: boolean;
  /** The membership's manager flag; defaults to `role === "manager"`. Needs `teamId`. */
  isManager?: boolean;
  password?: string;
  email?: string;
}

export type BuiltUser = UserRow & { password: string; membership: TeamMembershipRow | null };

/**
 * Inserts a verified user. With `teamId` the user joins that team (as its manager when the
 * role is manager); with neither `companyId` nor `teamId` the user has no company yet.
 */
export async function buildUser(db: Database, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const {
    teamId,
    isManager,
    password = DEFAULT_USER_PASSWORD,
    role = "employee",
    isAdmin = false,
    companyId: givenCompanyId,
    ...values
  } = options;
  if (isManager !== undefined && !teamId) throw new Error("buildUser: isManager needs a teamId.");

  let companyId = givenCompanyId ?? null;
  if (teamId && !companyId) {
    const [team] = await db.select({ companyId: teams.companyId }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw new Error(`buildUser: no team ${teamId}.`);
    companyId = team.companyId;
  }

  const suffix = uniqueSuffix();
  const firstName = values.firstName ?? "Test";
  const lastName = values.lastName ?? `User ${suffix}`;
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${suffix}@example.com`,
      displayName: `${firstName} ${lastName}`,
      emailVerifiedAt: new Date(),
      ...values,
      firstName,
      lastName,
      role,
      isAdmin,
      companyId,
      passwordHash: await cachedPasswordHash(password),
    })
    .returning();

  let membership: TeamMembershipRow | undefined;
  if (teamId && companyId) {
    [membership] = await db
      .insert(teamMemberships)
      .values({ companyId, teamId, userId: user!.id, isManager: isManager ?? role === "manager" })
      .returning();
  }
  return { ...user!, password, membership: membership ?? null };
}

/** A user with an access token, as signing in would give them. */
export interface Person extends BuiltUser {
  token: string;
}

/** Inserts a user (see `buildUser`) and issues them an access token of `testApp`. */
export async function buildPerson(testApp: TestApp, options: BuildUserOptions = {}): Promise<Person> {
  const user = await buildUser(testApp.db, options);
  return { ...user, token: await testApp.tokenFor(user) };
}
