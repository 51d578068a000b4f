import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { teamMemberships, users } from "../../db/schema.ts";
import { type NotifyInput, notify } from "../notifications/notifications.service.ts";
import { isAdminUser } from "../users/admin-condition.ts";

/** Who hears about ideas and challenges: active people of one company, by team or role. */

/** Active managers of a team. */
export async function teamManagerIds(db: Database, companyId: string, teamId: string | null): Promise<string[]> {
  if (!teamId) return [];
  const rows = await db
    .select({ id: users.id })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(
      and(
        eq(teamMemberships.companyId, companyId),
        eq(teamMemberships.teamId, teamId),
        eq(teamMemberships.isManager, true),
        eq(users.isActive, true),
      ),
    );
  return rows.map((row) => row.id);
}

/** Active members of a team, managers included. */
export async function teamMemberIds(db: Database, companyId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(teamMemberships.companyId, companyId), eq(teamMemberships.teamId, teamId), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** Active administrators of a company (the shared isAdmin rule). */
export async function companyAdminIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true), isAdminUser()));
  return rows.map((row) => row.id);
}

/** Every active person of a company. */
export async function companyMemberIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** Recipients per insert: keeps a company-wide notice under PostgreSQL's 65,535 bound parameters. */
const NOTIFY_BATCH_SIZE = 2000;

/**
 * `notify` for any number of recipients, leaving out the people in `except` (the actor never
 * hears about their own step). Runs in the caller's transaction.
 */
export async function notifyPeople(
  db: Database,
  input: NotifyInput & { except?: ReadonlyArray<string | null | undefined> },
): Promise<void> {
  const { except = [], ...notice } = input;
  const excluded = new Set(except.filter((id): id is string => typeof id === "string"));
  const recipients = [...new Set(notice.userIds)].filter((id) => !excluded.has(id));
  for (let start = 0; start < recipients.length; start += NOTIFY_BATCH_SIZE) {
    await notify(db, { ...notice, userIds: recipients.slice(start, start + NOTIFY_BATCH_SIZE) });
  }
}
