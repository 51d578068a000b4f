/**
 * Demo data for a first look at the product: one company, two teams, an admin, a manager and
 * four employees, all with known passwords, and their challenges, ideas, points, rewards and news
 * (demo-content.ts).
 * Only into a database without any company: once there is one (the demo company, whatever it is
 * called by now, or a real one), nothing happens.
 */

import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.ts";
import {
  companies,
  emailDigestItems,
  mailOutbox,
  teamMemberships,
  teams,
  type UserRole,
  users,
} from "../db/schema/index.ts";
import { hashPassword } from "../lib/password.ts";
import { seedDemoContent } from "./demo-content.ts";

export const DEMO_COMPANY_NAME = "Acme Corp";
export const DEMO_COMPANY_PASSWORD = "AcmeJoin123!";
export const DEMO_USER_PASSWORD = "Password123!";

type DemoTeam = "Product" | "Engineering";

interface DemoUser {
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  isAdmin: boolean;
  team: DemoTeam;
  isManager: boolean;
}

const DEMO_TEAMS: DemoTeam[] = ["Product", "Engineering"];

const DEMO_USERS: DemoUser[] = [
  {
    firstName: "Alice",
    lastName: "Morgan",
    email: "alice@acme.example",
    role: "manager",
    isAdmin: true,
    team: "Product",
    isManager: true,
  },
  {
    firstName: "Marcus",
    lastName: "Chen",
    email: "marcus@acme.example",
    role: "manager",
    isAdmin: false,
    team: "Engineering",
    isManager: true,
  },
  {
    firstName: "Priya",
    lastName: "Patel",
    email: "priya@acme.example",
    role: "employee",
    isAdmin: false,
    team: "Product",
    isManager: false,
  },
  {
    firstName: "Tom",
    lastName: "Becker",
    email: "tom@acme.example",
    role: "employee",
    isAdmin: false,
    team: "Product",
    isManager: false,
  },
  {
    firstName: "Elena",
    lastName: "Rossi",
    email: "elena@acme.example",
    role: "employee",
    isAdmin: false,
    team: "Engineering",
    isManager: false,
  },
  {
    firstName: "Sam",
    lastName: "Okafor",
    email: "sam@acme.example",
    role: "employee",
    isAdmin: false,
    team: "Engineering",
    isManager: false,
  },
];

export interface SeedResult {
  companyName: string;
  companyPassword: string;
  users: Array<{ email: string; password: string; role: string; isAdmin: boolean; displayName: string; team: string }>;
  /** False when the database already had a company and nothing was written. */
  created: boolean;
}

/**
 * Creates the demo company, its people and their months of use in one transaction (all of it or
 * nothing) when the database has no company at all; answers the logins either way. The demo sends
 * no e-mail: what its story queued is removed before the transaction commits, so the mail outbox
 * never sees it.
 */
export async function seedDemo(handle: DatabaseHandle): Promise<SeedResult> {
  const result = (created: boolean): SeedResult => ({
    companyName: DEMO_COMPANY_NAME,
    companyPassword: DEMO_COMPANY_PASSWORD,
    users: DEMO_USERS.map((user) => ({
      email: user.email,
      password: DEMO_USER_PASSWORD,
      role: user.role,
      isAdmin: user.isAdmin,
      displayName: `${user.firstName} ${user.lastName}`,
      team: user.team,
    })),
    created,
  });

  const { db } = handle;
  if (await hasAnyCompany(db)) return result(false);

  const [companyPasswordHash, ...userPasswordHashes] = await Promise.all([
    hashPassword(DEMO_COMPANY_PASSWORD),
    ...DEMO_USERS.map(() => hashPassword(DEMO_USER_PASSWORD)),
  ]);

  const created = await db.transaction(async (tx) => {
    // One seeder at a time (instances starting together on one PostgreSQL): the next finds a company.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ideaport.seed-demo'))`);
    if (await hasAnyCompany(tx)) return false;
    const [company] = await tx
      .insert(companies)
      .values({ name: DEMO_COMPANY_NAME, passwordHash: companyPasswordHash! })
      .returning({ id: companies.id });
    const companyId = company!.id;
    const teamRows = await tx
      .insert(teams)
      .values(DEMO_TEAMS.map((name) => ({ companyId, name })))
      .returning({ id: teams.id, name: teams.name });
    const teamIdByName = new Map(teamRows.map((team) => [team.name, team.id]));
    const now = new Date();
    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((user, index) => ({
          email: user.email,
          passwordHash: userPasswordHashes[index]!,
          firstName: user.firstName,
          lastName: user.lastName,
          displayName: `${user.firstName} ${user.lastName}`,
          role: user.role,
          isAdmin: user.isAdmin,
          companyId,
          emailVerifiedAt: now,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await tx.insert(teamMemberships).values(
      DEMO_USERS.map((user, index) => ({
        companyId,
        teamId: teamIdByName.get(user.team)!,
        userId: userRows[index]!.id,
        isManager: user.isManager,
      })),
    );
    const emailOf = (firstName: string) => DEMO_USERS.find((user) => user.firstName === firstName)!.email;
    await seedDemoContent(tx, {
      alice: emailOf("Alice"),
      marcus: emailOf("Marcus"),
      priya: emailOf("Priya"),
      tom: emailOf("Tom"),
      elena: emailOf("Elena"),
      sam: emailOf("Sam"),
    });
    await discardDemoMail(tx, companyId);
    return true;
  });
  return result(created);
}

/** Whether any company exists, the demo's or another. */
async function hasAnyCompany(db: Database): Promise<boolean> {
  return (await db.select({ id: companies.id }).from(companies).limit(1)).length > 0;
}

/**
 * Removes the mail the demo's story queued in its transaction (the bell's notifications stay):
 * the outbox rows to its people written since the transaction began, and whatever it set aside
 * for their digests.
 */
async function discardDemoMail(tx: Database, companyId: string): Promise<void> {
  const addresses = DEMO_USERS.map((user) => user.email);
  await tx.delete(mailOutbox).where(and(inArray(mailOutbox.to, addresses), gte(mailOutbox.createdAt, sql`now()`)));
  await tx.delete(emailDigestItems).where(eq(emailDigestItems.companyId, companyId));
}
