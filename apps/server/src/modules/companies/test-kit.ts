/**
 * Test helpers of the company, team, invitation and settings modules: a company with an admin,
 * people in it, and a signed-up user holding a registration proof (as verify-email-register
 * leaves them: an account without a company and the HttpOnly proof cookie).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog, type CompanyRow, type TeamRow } from "../../db/schema/index.ts";
import type { TestApp, TestClient } from "../../test/app.ts";
import { type BuildUserOptions, type BuiltUser, buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { createRegistrationProof, REGISTRATION_PROOF_COOKIE } from "../auth/registration-proof.ts";

export interface CompanyFixture {
  company: CompanyRow & { password: string };
  team: TeamRow;
  admin: BuiltUser;
}

/** A company with one team and an active admin in it. */
export async function buildCompanyWithAdmin(
  db: Database,
  options: { name?: string; teamName?: string; password?: string } = {},
): Promise<CompanyFixture> {
  const company = await buildCompany(db, {
    ...(options.name ? { name: options.name } : {}),
    ...(options.password ? { password: options.password } : {}),
  });
  const team = await buildTeam(db, { companyId: company.id, ...(options.teamName ? { name: options.teamName } : {}) });
  const admin = await buildUser(db, { teamId: team.id, isAdmin: true, firstName: "Ada", lastName: "Admin" });
  return { company, team, admin };
}

/** A member of `team` (employee unless told otherwise). */
export function buildMember(db: Database, team: TeamRow, options: BuildUserOptions = {}): Promise<BuiltUser> {
  return buildUser(db, { teamId: team.id, ...options });
}

/**
 * A user who just verified their e-mail: no company yet, and `client` holds their registration
 * proof cookie (a new client is made when none is given).
 */
export async function signUpWithProof(
  testApp: TestApp,
  options: { client?: TestClient; user?: BuildUserOptions } = {},
): Promise<{ user: BuiltUser; client: TestClient }> {
  const user = await buildUser(testApp.db, options.user);
  const client = options.client ?? testApp.client;
  client.cookies.set(REGISTRATION_PROOF_COOKIE, await createRegistrationProof(testApp.db, user.id));
  return { user, client };
}

/** A bearer token for a user, as login would issue it. */
export function tokenOf(testApp: TestApp, user: { id: string; companyId: string | null }): Promise<string> {
  return testApp.tokenFor(user);
}

/** The audit actions recorded for a company, oldest first. */
export async function auditActionsOf(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ action: auditLog.action, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.companyId, companyId));
  return rows.map((row) => row.action);
}
