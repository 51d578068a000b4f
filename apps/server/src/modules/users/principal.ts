import type { Role, TeamMembership } from "@ideaport/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, teamMemberships, teams, users } from "../../db/schema.ts";

/** The signed-in user as the server sees it: identity, company, role and team memberships. */
export interface Principal {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  role: Role;
  isAdmin: boolean;
  isActive: boolean;
  companyId: string | null;
  companyName: string | null;
  onboardingStatus: string;
  /** Access tokens signed in an older generation are refused (see `app.authenticate`). */
  sessionGeneration: number;
  teams: TeamMembership[];
}

function preparePrincipalQueries(db: Database) {
  const userId = sql.placeholder("userId");
  return {
    user: db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        displayName: users.displayName,
        role: users.role,
        isAdmin: users.isAdmin,
        isActive: users.isActive,
        companyId: users.companyId,
        companyName: companies.name,
        onboardingStatus: users.onboardingStatus,
        sessionGeneration: users.sessionGeneration,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .limit(1)
      .prepare("principal_user"),
    memberships: db
      .select({ id: teams.id, name: teams.name, is_manager: teamMemberships.isManager })
      .from(teamMemberships)
      .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
      .where(eq(teamMemberships.userId, userId))
      .orderBy(asc(teamMemberships.createdAt))
      .prepare("principal_memberships"),
  };
}

// Every signed-in request reads its principal, so these two queries are built once per database
// (and, on PostgreSQL, parsed once per connection) instead of on every request.
const principalQueries = new WeakMap<Database, ReturnType<typeof preparePrincipalQueries>>();

/** Reads a user with their company name and team memberships (two indexed queries). */
export async function loadPrincipal(db: Database, userId: string): Promise<Principal | null> {
  let queries = principalQueries.get(db);
  if (!queries) {
    queries = preparePrincipalQueries(db);
    principalQueries.set(db, queries);
  }
  const [row] = await queries.user.execute({ userId });
  if (!row) return null;
  const memberships = row.companyId ? await queries.memberships.execute({ userId }) : [];
  return { ...row, role: row.role as Role, teams: memberships };
}

/** A subject for the shared role rules (isManager, isAdmin, redirectForAppPath, ...). */
export function roleSubjectOf(principal: Principal) {
  return { role: principal.role, is_admin: principal.isAdmin, team: principal.teams };
}
