import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { findRowOfCompany, hasRow, insertReturningId, updateRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  companies,
  type InvitationRow,
  invitations,
  matchesIgnoringCase,
  type NewUserRow,
  pendingRegistrations,
  teams,
  users,
} from "../../db/schema/index.ts";

/** An invitation with the names the screens show. */
export interface InvitationView extends InvitationRow {
  teamName: string;
  invitedByName: string | null;
}

/** The invitation a token names, with its company's and team's names. */
export interface InvitationDetails {
  invitation: InvitationRow;
  companyName: string;
  teamName: string;
}

/** Pending: neither accepted nor revoked, and not expired at `now`. */
function isPending(now: Date) {
  return and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));
}

/** Writes an invitation. */
export async function insertInvitationRow(
  tx: Database,
  values: Omit<typeof invitations.$inferInsert, "id">,
): Promise<InvitationRow> {
  const [invitation] = await tx.insert(invitations).values(values).returning();
  return invitation!;
}

/** True when a team of the company has a pending invitation for this e-mail, ignoring case. */
export async function hasPendingInvitation(
  tx: Database,
  companyId: string,
  teamId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  return hasRow(
    tx,
    invitations,
    and(
      eq(invitations.teamId, teamId),
      eq(invitations.companyId, companyId),
      matchesIgnoringCase(invitations.email, email),
      isPending(now),
    ),
  );
}

/** True when a member of the company has this e-mail, ignoring case. */
export async function isCompanyMemberEmail(tx: Database, companyId: string, email: string): Promise<boolean> {
  return hasRow(tx, users, and(eq(users.companyId, companyId), matchesIgnoringCase(users.email, email)));
}

/** The pending invitations to a team of the company, newest first, with their inviters' names. */
export async function listPendingInvitationsOfTeam(
  db: Database,
  companyId: string,
  teamId: string,
  now: Date,
): Promise<{ invitation: InvitationRow; invitedByName: string | null }[]> {
  return db
    .select({ invitation: invitations, invitedByName: users.displayName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.companyId, companyId), eq(invitations.teamId, teamId), isPending(now)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** An invitation of the company, locked until the transaction ends; null when unknown there. */
export async function lockInvitation(
  tx: Database,
  companyId: string,
  invitationId: string,
): Promise<InvitationRow | null> {
  return findRowOfCompany(tx, invitations, companyId, invitationId, { forUpdate: true });
}

/** Ends an invitation of the company: revoked, or used up by its acceptance. */
export async function markInvitation(
  tx: Database,
  companyId: string,
  invitationId: string,
  end: { revokedAt: Date } | { acceptedAt: Date },
): Promise<void> {
  await updateRowOfCompany(tx, invitations, companyId, invitationId, end);
}

/**
 * The invitation whose token hash this is, with its company's and team's names and whether the
 * team is archived; optionally locked. Not scoped by a company: the token itself names it.
 */
export async function findInvitationByTokenHash(
  executor: Database,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<(InvitationDetails & { teamArchivedAt: Date | null }) | null> {
  const query = executor
    .select({
      invitation: invitations,
      companyName: companies.name,
      teamName: teams.name,
      teamArchivedAt: teams.archivedAt,
    })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: invitations }) : await query;
  return row ?? null;
}

/** True when any account has this e-mail, ignoring case (e-mails are unique across companies). */
export async function accountExistsWithEmail(tx: Database, email: string): Promise<boolean> {
  return hasRow(tx, users, matchesIgnoringCase(users.email, email));
}

/** Creates the account of an invited person in the invitation's company; answers its id. */
export async function insertInvitedUser(
  tx: Database,
  values: Pick<
    NewUserRow,
    "email" | "passwordHash" | "firstName" | "lastName" | "displayName" | "role" | "isAdmin" | "emailVerifiedAt"
  > & { companyId: string },
): Promise<string> {
  return insertReturningId(tx, users, values);
}

/** Drops half-finished sign-ups with this e-mail, ignoring case. */
export async function deletePendingRegistrations(tx: Database, email: string): Promise<void> {
  await tx.delete(pendingRegistrations).where(matchesIgnoringCase(pendingRegistrations.email, email));
}
