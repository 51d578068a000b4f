import { createHash, randomBytes } from "node:crypto";
import { AppError, INVITATION_TTL_SECONDS, type InvitedMember } from "@ideaport/shared";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  companies,
  type InvitationRow,
  invitations,
  pendingRegistrations,
  teamMemberships,
  teams,
  users,
} from "../../db/schema.ts";
import { hashPassword } from "../../lib/password.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { authorize, companyIdOf, isUniqueViolation, isUuid } from "../companies/tenancy.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { findTeam } from "../teams/teams.repository.ts";
import type { Principal } from "../users/principal.ts";
import { buildInvitationMail } from "./invitation-mail.ts";

export interface InvitationDependencies {
  db: Database;
  clock: () => Date;
  /** The public URL of the web app; links point at `${appUrl}/accept-invitation/{token}`. */
  appUrl: string;
}

/** A new invitation token: 256 random bits, sent in the link; only its SHA-256 is stored. */
export function createInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The stored form of a token. A fast hash suffices: the token has 256 bits of entropy. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The acceptance link of spec section 2's /accept-invitation/{token} route. */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/accept-invitation/${encodeURIComponent(token)}`;
}

export interface InsertInvitationInput {
  companyId: string;
  companyName: string;
  team: { id: string; name: string };
  member: InvitedMember;
  invitedBy: { id: string; name: string } | null;
  now: Date;
  appUrl: string;
}

/**
 * Writes a pending invitation (7 days, single use) and enqueues its e-mail. Call it inside the
 * caller's transaction: the outbox sends the mail only once the invitation is committed.
 */
export async function insertInvitation(tx: Database, input: InsertInvitationInput): Promise<InvitationRow> {
  const { token, tokenHash } = createInvitationToken();
  const [invitation] = await tx
    .insert(invitations)
    .values({
      companyId: input.companyId,
      teamId: input.team.id,
      email: input.member.email.trim(),
      firstName: input.member.firstName,
      lastName: input.member.lastName,
      role: input.member.role,
      isAdmin: input.member.isAdmin,
      tokenHash,
      invitedBy: input.invitedBy?.id ?? null,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_SECONDS * 1000),
      createdAt: input.now,
    })
    .returning();
  await enqueueMail(
    tx,
    buildInvitationMail({
      to: invitation!.email,
      firstName: invitation!.firstName,
      companyName: input.companyName,
      teamName: input.team.name,
      inviterName: input.invitedBy?.name ?? null,
      link: invitationLink(input.appUrl, token),
      expiresInDays: Math.round(INVITATION_TTL_SECONDS / 86_400),
    }),
  );
  return invitation!;
}

/** An invitation with the names the screens show. */
export interface InvitationView extends InvitationRow {
  teamName: string;
  invitedByName: string | null;
}

/** Invites someone to a team (admins: any team; managers: teams they manage; only admins grant admin). */
export async function inviteToTeam(
  deps: InvitationDependencies,
  principal: Principal,
  teamId: string,
  member: InvitedMember,
): Promise<InvitationView> {
  const companyId = companyIdOf(principal);
  const team = await findTeam(deps.db, companyId, teamId);
  if (!team) throw new AppError("team.not_found");
  authorize(principal, "team.invite", { teamId: team.id });
  if (member.isAdmin) {
    authorize(principal, "invitation.grant_admin");
  }
  const now = deps.clock();
  const invitation = await deps.db.transaction(async (tx) => {
    // Serialises invitations to one team, so two equal ones cannot both pass the duplicate check.
    const locked = await findTeam(tx, companyId, team.id, { forUpdate: true });
    if (!locked) throw new AppError("team.not_found");
    const [duplicate] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(eq(invitations.teamId, team.id), sql`lower(${invitations.email}) = lower(${member.email})`, isPending(now)),
      )
      .limit(1);
    if (duplicate)
      throw new AppError("invitation.duplicate", {
        fields: { email: "This email address has already been invited to this team." },
      });
    const [existingMember] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${member.email})`))
      .limit(1);
    if (existingMember)
      throw new AppError("invitation.already_member", {
        fields: { email: "This person is already a member of your company." },
      });
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    const created = await insertInvitation(tx, {
      companyId,
      companyName: company!.name,
      team: { id: team.id, name: team.name },
      member,
      invitedBy: { id: principal.id, name: principal.displayName },
      now,
      appUrl: deps.appUrl,
    });
    await recordAudit(tx, {
      companyId,
      actorId: principal.id,
      action: "invitation.created",
      targetType: "invitation",
      targetId: created.id,
      details: { teamId: team.id, email: created.email, role: created.role, isAdmin: created.isAdmin },
    });
    return created;
  });
  return { ...invitation, teamName: team.name, invitedByName: principal.displayName };
}

/** Pending: neither accepted nor revoked, and not expired at `now`. */
function isPending(now: Date) {
  return and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));
}

/** A team's pending invitations, newest first. */
export async function listPendingInvitations(
  deps: Pick<InvitationDependencies, "db" | "clock">,
  principal: Principal,
  teamId: string,
): Promise<InvitationView[]> {
  const companyId = companyIdOf(principal);
  const team = await findTeam(deps.db, companyId, teamId);
  if (!team) throw new AppError("team.not_found");
  authorize(principal, "team.invite", { teamId: team.id });
  const rows = await deps.db
    .select({ invitation: invitations, invitedByName: users.displayName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.companyId, companyId), eq(invitations.teamId, team.id), isPending(deps.clock())))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => ({ ...row.invitation, teamName: team.name, invitedByName: row.invitedByName }));
}

/** Revokes a pending invitation (whoever may invite to its team). */
export async function revokeInvitation(
  deps: Pick<InvitationDependencies, "db" | "clock">,
  principal: Principal,
  invitationId: string,
): Promise<void> {
  const companyId = companyIdOf(principal);
  if (!isUuid(invitationId)) throw new AppError("invitation.not_found");
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.companyId, companyId)))
      .for("update");
    if (!invitation) throw new AppError("invitation.not_found");
    authorize(principal, "team.invite", { teamId: invitation.teamId });
    if (invitation.acceptedAt || invitation.revokedAt) throw new AppError("invitation.not_pending");
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, invitation.id));
    await recordAudit(tx, {
      companyId,
      actorId: principal.id,
      action: "invitation.revoked",
      targetType: "invitation",
      targetId: invitation.id,
      details: { teamId: invitation.teamId, email: invitation.email },
    });
  });
}

export interface InvitationDetails {
  invitation: InvitationRow;
  companyName: string;
  teamName: string;
}

/** The invitation a token names, if it can still be accepted; else 400 invitation.invalid. */
export async function readInvitation(
  db: Database,
  token: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationDetails> {
  const query = db
    .select({
      invitation: invitations,
      companyName: companies.name,
      teamName: teams.name,
      archivedAt: teams.archivedAt,
    })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: invitations }) : await query;
  const invitation = row?.invitation;
  if (
    !row ||
    !invitation ||
    invitation.acceptedAt ||
    invitation.revokedAt ||
    invitation.expiresAt.getTime() <= now.getTime() ||
    row.archivedAt
  ) {
    throw new AppError("invitation.invalid");
  }
  return { invitation, companyName: row.companyName, teamName: row.teamName };
}

/**
 * Accepts an invitation: creates the account with the invited role and admin flag, joins the
 * team, and uses the invitation up. An e-mail that already has an account answers 409 (the
 * person logs in and asks an admin instead). Answers the new user's id.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDependencies, "db" | "clock">,
  token: string,
  body: { first_name: string; last_name: string; password: string },
): Promise<string> {
  // Check first, so an invalid link costs no password hashing; checked again under lock below.
  await readInvitation(deps.db, token, deps.clock());
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const { invitation } = await readInvitation(tx, token, now, { forUpdate: true });
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${invitation.email})`)
        .limit(1);
      if (existing) throw new AppError("invitation.account_exists");
      const [user] = await tx
        .insert(users)
        .values({
          email: invitation.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          displayName: `${body.first_name} ${body.last_name}`,
          role: invitation.role,
          isAdmin: invitation.isAdmin,
          companyId: invitation.companyId,
          // The link reached this address, which verifies it.
          emailVerifiedAt: now,
        })
        .returning({ id: users.id });
      await tx.insert(teamMemberships).values({
        companyId: invitation.companyId,
        teamId: invitation.teamId,
        userId: user!.id,
        isManager: invitation.role === "manager",
      });
      await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
      // A half-finished sign-up with the same address would otherwise collide later.
      await tx
        .delete(pendingRegistrations)
        .where(sql`lower(${pendingRegistrations.email}) = lower(${invitation.email})`);
      await recordAudit(tx, {
        companyId: invitation.companyId,
        actorId: user!.id,
        action: "invitation.accepted",
        targetType: "invitation",
        targetId: invitation.id,
        details: { teamId: invitation.teamId, role: invitation.role, isAdmin: invitation.isAdmin },
      });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_unique")) throw new AppError("invitation.account_exists");
    throw error;
  }
}
