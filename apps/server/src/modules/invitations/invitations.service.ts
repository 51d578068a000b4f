import { createHash, randomBytes } from "node:crypto";
import {
  type AcceptInvitationRequest,
  AppError,
  ERROR_CATALOGUE,
  INVITATION_TTL_SECONDS,
  type InvitationDetailsResponse,
  type InvitedMember,
  type PendingInvitation,
} from "@ideaport/shared";
import type { Config } from "../../config/env.ts";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import { companyLanguageOf } from "../../core/languages.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import type { InvitationRow } from "../../db/schema/index.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { hashPassword } from "../../lib/password.ts";
import { recordAudit, recordCallerAudit } from "../audit/audit.service.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { addTeamMember, requireTeam } from "../teams/teams.service.ts";
import { invitationMail } from "./invitations.mails.ts";
import { presentInvitation, presentInvitationDetails } from "./invitations.presenter.ts";
import {
  accountExistsWithEmail,
  deletePendingRegistrations,
  findInvitationByTokenHash,
  hasPendingInvitation,
  type InvitationDetails,
  insertInvitationRow,
  insertInvitedUser,
  isCompanyMemberEmail,
  listPendingInvitationsOfTeam,
  lockInvitation,
  markInvitation,
} from "./invitations.repository.ts";

export interface InvitationsServiceDependencies extends ServiceDependencies {
  /** `appUrl`: the public URL of the web app; links point at `${appUrl}/accept-invitation/{token}`. */
  config: Pick<Config, "appUrl">;
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** Invitations: inviting to a team, listing and revoking (Team Settings), and accepting by link. */
export function createInvitationsService({ db, clock, config }: InvitationsServiceDependencies) {
  /** The invitation a token names, if it can still be accepted; else 400 invitation.invalid. */
  async function readInvitation(
    executor: Database,
    token: string,
    now: Date,
    options: { forUpdate?: boolean } = {},
  ): Promise<InvitationDetails> {
    const row = await findInvitationByTokenHash(executor, hashInvitationToken(token), options);
    const invitation = row?.invitation;
    if (
      !row ||
      !invitation ||
      invitation.acceptedAt ||
      invitation.revokedAt ||
      invitation.expiresAt.getTime() <= now.getTime() ||
      row.teamArchivedAt
    ) {
      throw new AppError("invitation.invalid");
    }
    return { invitation, companyName: row.companyName, teamName: row.teamName };
  }

  /** A team of the caller's company they may invite to: 404 when not in the company, 403 when not theirs. */
  async function teamToInviteTo(caller: CompanyCaller, teamId: string) {
    const team = await requireTeam(db, caller.companyId, teamId);
    authorize(caller, "team.invite", { teamId: team.id });
    return team;
  }

  return {
    /** What the acceptance page shows about the invitation a token names. */
    async details(token: string): Promise<InvitationDetailsResponse> {
      return presentInvitationDetails(await readInvitation(db, token, clock()));
    },

    /**
     * Invites someone to a team: admins to any team, managers to the teams they manage; only
     * admins may invite someone as an admin.
     */
    async invite(caller: CompanyCaller, teamId: string, member: InvitedMember): Promise<PendingInvitation> {
      const { companyId } = caller;
      const team = await teamToInviteTo(caller, teamId);
      if (member.isAdmin) authorize(caller, "invitation.grant_admin");
      const now = clock();
      const invitation = await db.transaction(async (tx) => {
        // Serialises invitations to one team, so two equal ones cannot both pass the duplicate check.
        await requireTeam(tx, companyId, team.id, { forUpdate: true });
        if (await hasPendingInvitation(tx, companyId, team.id, member.email, now)) {
          throw new AppError("invitation.duplicate", {
            fields: { email: ERROR_CATALOGUE["invitation.duplicate"].message },
          });
        }
        if (await isCompanyMemberEmail(tx, companyId, member.email)) {
          throw new AppError("invitation.already_member", {
            fields: { email: ERROR_CATALOGUE["invitation.already_member"].message },
          });
        }
        const created = await insertInvitation(tx, {
          companyId,
          companyName: caller.companyName,
          team: { id: team.id, name: team.name },
          member,
          invitedBy: { id: caller.id, name: caller.displayName },
          now,
          appUrl: config.appUrl,
        });
        await recordCallerAudit(tx, caller, {
          action: "invitation.created",
          targetType: "invitation",
          targetId: created.id,
          details: { teamId: team.id, email: created.email, role: created.role, isAdmin: created.isAdmin },
        });
        return created;
      });
      return presentInvitation({ ...invitation, teamName: team.name, invitedByName: caller.displayName });
    },

    /** A team's pending invitations, newest first (whoever may invite to the team). */
    async listPending(caller: CompanyCaller, teamId: string): Promise<PendingInvitation[]> {
      const team = await teamToInviteTo(caller, teamId);
      const rows = await listPendingInvitationsOfTeam(db, caller.companyId, team.id, clock());
      return rows.map((row) =>
        presentInvitation({ ...row.invitation, teamName: team.name, invitedByName: row.invitedByName }),
      );
    },

    /** Revokes a pending invitation (whoever may invite to its team). */
    async revoke(caller: CompanyCaller, invitationId: string): Promise<void> {
      const { companyId } = caller;
      const now = clock();
      await db.transaction(async (tx) => {
        const invitation = await lockInvitation(tx, companyId, invitationId);
        if (!invitation) throw new AppError("invitation.not_found");
        authorize(caller, "team.invite", { teamId: invitation.teamId });
        if (invitation.acceptedAt || invitation.revokedAt) throw new AppError("invitation.not_pending");
        await markInvitation(tx, companyId, invitation.id, { revokedAt: now });
        await recordCallerAudit(tx, caller, {
          action: "invitation.revoked",
          targetType: "invitation",
          targetId: invitation.id,
          details: { teamId: invitation.teamId, email: invitation.email },
        });
      });
    },

    /**
     * Accepts an invitation: creates the account with the invited role and admin flag, joins the
     * team, and uses the invitation up. An e-mail that already has an account answers 409 (the
     * person logs in and asks an admin instead). Answers the new user's id.
     */
    async accept(token: string, body: AcceptInvitationRequest): Promise<string> {
      // Check first, so an invalid link costs no password hashing; checked again under lock below.
      await readInvitation(db, token, clock());
      const passwordHash = await hashPassword(body.password);
      const now = clock();
      try {
        return await db.transaction(async (tx) => {
          const { invitation } = await readInvitation(tx, token, now, { forUpdate: true });
          if (await accountExistsWithEmail(tx, invitation.email)) throw new AppError("invitation.account_exists");
          const userId = await insertInvitedUser(tx, {
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
          });
          await addTeamMember(tx, {
            companyId: invitation.companyId,
            teamId: invitation.teamId,
            userId,
            isManager: invitation.role === "manager",
          });
          await markInvitation(tx, invitation.companyId, invitation.id, { acceptedAt: now });
          // A half-finished sign-up with the same address would otherwise collide later.
          await deletePendingRegistrations(tx, invitation.email);
          await recordAudit(tx, {
            companyId: invitation.companyId,
            actorId: userId,
            action: "invitation.accepted",
            targetType: "invitation",
            targetId: invitation.id,
            details: { teamId: invitation.teamId, role: invitation.role, isAdmin: invitation.isAdmin },
          });
          return userId;
        });
      } catch (error) {
        if (isUniqueViolation(error, "users_email_lower_unique")) throw new AppError("invitation.account_exists");
        throw error;
      }
    },
  };
}

// Steps other modules run inside their own transaction, and the token helpers they rest on.

/** A new invitation token: 256 random bits, sent in the link; only its SHA-256 is stored. */
export function createInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The stored form of a token. A fast hash suffices: the token has 256 bits of entropy. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The acceptance link the e-mail carries: the web app's /accept-invitation/{token} page. */
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
  const invitation = await insertInvitationRow(tx, {
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
  });
  // The invitee has chosen no language yet: the invitation speaks the company's.
  const t = translatorFor(await companyLanguageOf(tx, input.companyId));
  await enqueueMail(
    tx,
    invitationMail(
      {
        to: invitation.email,
        firstName: invitation.firstName,
        companyName: input.companyName,
        teamName: input.team.name,
        inviterName: input.invitedBy?.name ?? null,
        role: invitation.role,
        isAdmin: invitation.isAdmin,
        link: invitationLink(input.appUrl, token),
        expiresInDays: Math.round(INVITATION_TTL_SECONDS / 86_400),
      },
      t,
    ),
  );
  return invitation;
}
