/**
 * Demo data for a first look at the product: one company, two teams, an admin, a manager and
 * four employees, all with known passwords, and their challenges, ideas, points, rewards and news
 * (demo-content.ts).
 * Idempotent: nothing happens if the company exists.
 */

import type { DatabaseHandle } from "../db/client.ts";
import { companies, matchesIgnoringCase, teamMemberships, teams, type UserRole, users } from "../db/schema.ts";
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
  /** False when the demo company was already there and nothing was written. */
  created: boolean;
}

/**
 * Creates the demo company and its people unless it already exists; answers their logins either
 * way.
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
  const existing = await db
    .select({ id: companies.id })
    .from(companies)
    .where(matchesIgnoringCase(companies.name, DEMO_COMPANY_NAME));
  if (existing.length > 0) return result(false);

  const [companyPasswordHash, ...userPasswordHashes] = await Promise.all([
    hashPassword(DEMO_COMPANY_PASSWORD),
    ...DEMO_USERS.map(() => hashPassword(DEMO_USER_PASSWORD)),
  ]);

  try {
    await db.transaction(async (tx) => {
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
    });
  } catch (error) {
    // Another seeder won the race: the company exists now, which is all we wanted.
    if (violatedConstraint(error) === "companies_name_lower_unique") return result(false);
    throw error;
  }
  const emailOf = (firstName: string) => DEMO_USERS.find((user) => user.firstName === firstName)!.email;
  await seedDemoContent(db, {
    alice: emailOf("Alice"),
    marcus: emailOf("Marcus"),
    priya: emailOf("Priya"),
    tom: emailOf("Tom"),
    elena: emailOf("Elena"),
    sam: emailOf("Sam"),
  });
  return result(true);
}

/** The unique constraint an insert broke, looking through Drizzle's wrapper to the driver error. */
function violatedConstraint(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: string; constraint?: string };
    if (code === "23505") return constraint;
  }
  return undefined;
}
