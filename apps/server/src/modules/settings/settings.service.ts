import {
  AppError,
  type ChangePasswordRequest,
  type CompanyUser,
  DEFAULT_PAGE_SIZE,
  ERROR_CATALOGUE,
  isAdmin,
  type TeamMembership,
  type UpdateCompanyUserRequest,
  type UpdateProfileRequest,
  type User,
} from "@ideaport/shared";
import { authorize, type Caller, companyIdOf, loadCaller } from "../../core/caller.ts";
import { pageOf } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { decodeCursor } from "../../lib/page-cursor.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { type AuditAction, recordAudit } from "../audit/audit.service.ts";
import { revokeAllSessionsOfUser } from "../auth/auth.service.ts";
import { endNotificationStreamsOf } from "../notifications/notifications.service.ts";
import { addTeamMember, requireTeam } from "../teams/teams.service.ts";
import { presentUser } from "../users/users.service.ts";
import { presentCompanyUser } from "./settings.presenter.ts";
import {
  countOtherActiveAdmins,
  deleteMembershipsOfUser,
  findCompanyUserRow,
  findPasswordHash,
  listCompanyUserRows,
  lockCompanyForUserChanges,
  lockCompanyUser,
  membershipsOf,
  setCompanyUserActive,
  setCompanyUserAdminFlag,
  setCompanyUserRole,
  setUserPasswordHash,
  teamIdsOfUser,
  updateUserProfile,
} from "./settings.repository.ts";

export type SettingsService = ReturnType<typeof createSettingsService>;

/** Profile settings (everyone: their names and password) and user management (admins). */
export function createSettingsService({ db, clock }: ServiceDependencies) {
  return {
    /**
     * Saves the caller's names and language (null: their company's default) and answers the
     * updated user. Role, admin flag, company and e-mail are not editable here. A change by a
     * member of a company is audited.
     */
    async updateProfile(caller: Caller, changes: UpdateProfileRequest): Promise<User> {
      const profile = {
        ...(changes.first_name === undefined ? {} : { firstName: changes.first_name }),
        ...(changes.last_name === undefined ? {} : { lastName: changes.last_name }),
        ...(changes.display_name === undefined ? {} : { displayName: changes.display_name }),
        ...(changes.language === undefined ? {} : { language: changes.language }),
      };
      await db.transaction(async (tx) => {
        await updateUserProfile(tx, caller.id, profile);
        // Open notification streams were opened in the old language: the pages reconnect in the new one.
        if (changes.language !== undefined) await endNotificationStreamsOf(tx, caller.id);
        await auditOwnChange(tx, caller, "user.profile_updated", {
          fields: Object.keys(changes).filter((key) => changes[key as keyof UpdateProfileRequest] !== undefined),
        });
      });
      const updated = await loadCaller(db, caller.id);
      if (!updated) throw new AppError("auth.token_invalid");
      return presentUser(updated);
    },

    /**
     * Changes the caller's password after checking the current one, and ends every session (all
     * refresh tokens revoked, every access token refused); the route then signs this browser in
     * again with fresh tokens.
     */
    async changePassword(caller: Caller, request: ChangePasswordRequest): Promise<void> {
      await requireCurrentPassword(db, caller.id, request.current_password, "current_password");
      const passwordHash = await hashPassword(request.new_password);
      const now = clock();
      await db.transaction(async (tx) => {
        await setUserPasswordHash(tx, caller.id, passwordHash);
        await revokeAllSessionsOfUser(tx, caller.id, now);
        await auditOwnChange(tx, caller, "user.password_changed");
      });
    },

    /**
     * User management (admins): the company's users by display name, keyset-paginated over
     * (lower(display_name), id); `q` matches first, last, display name and e-mail, ignoring case.
     */
    async listCompanyUsers(
      caller: Caller,
      query: { q?: string; cursor?: string; limit?: number },
    ): Promise<{ users: CompanyUser[]; next_cursor: string | null }> {
      const companyId = companyIdOf(caller);
      authorize(caller, "company.users.manage");
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      let after: { name: string; id: string } | null = null;
      if (query.cursor) {
        const [name, id] = decodeCursor(query.cursor, ["text", "uuid"]);
        after = { name, id };
      }
      const rows = await listCompanyUserRows(db, companyId, { q: query.q, after, limit });
      const page = pageOf(rows, limit, (row) => [row.sortKey, row.user.id]);
      const memberships = await membershipsOf(
        db,
        companyId,
        page.items.map((row) => row.user.id),
      );
      return {
        users: page.items.map((row) =>
          presentCompanyUser({ user: row.user, teams: memberships.get(row.user.id) ?? [] }),
        ),
        next_cursor: page.nextCursor,
      };
    },

    /**
     * User management changes (admins): role, admin flag, team (moves the user to that one team),
     * active (deactivate or reactivate; deactivation ends the user's sessions at once). The
     * company always keeps an active admin: a change that would leave none answers 409. Every
     * change is audited.
     */
    async updateCompanyUser(caller: Caller, userId: string, changes: UpdateCompanyUserRequest): Promise<CompanyUser> {
      const companyId = companyIdOf(caller);
      // Someone outside the company is not found, whoever asks; then only admins may change people.
      await requireCompanyUser(db, companyId, userId);
      authorize(caller, "company.users.manage");
      const now = clock();
      const view = await db.transaction(async (tx) => {
        // One admin change at a time per company, so two admins cannot demote each other to none.
        await lockCompanyForUserChanges(tx, companyId);
        const user = await lockCompanyUser(tx, companyId, userId);
        if (!user) throw new AppError("user.not_found");
        if (user.erasedAt) throw new AppError("user.erased");

        const audit = (action: AuditAction, details: Record<string, unknown>) =>
          recordAudit(tx, {
            companyId,
            actorId: caller.id,
            action,
            targetType: "user",
            targetId: user.id,
            details,
            ipAddress: caller.address ?? null,
          });

        // The company keeps at least one active admin, by the shared rule (the flag or the admin role).
        const wasAdmin = isAdmin({ role: user.role, is_admin: user.isAdmin });
        const isAdminAfter = isAdmin({ role: changes.role ?? user.role, is_admin: changes.is_admin ?? user.isAdmin });
        const isActiveAfter = changes.is_active ?? user.isActive;
        if (wasAdmin && user.isActive && !(isAdminAfter && isActiveAfter)) {
          await requireAnotherActiveAdmin(tx, companyId, user.id);
        }

        const roleAfter = changes.role ?? user.role;
        if (changes.role !== undefined && changes.role !== user.role) {
          await setCompanyUserRole(tx, companyId, user.id, changes.role);
          // Live streams reconnect, and are authenticated in the new role.
          await endNotificationStreamsOf(tx, user.id);
          await audit("user.role_changed", { from: user.role, to: changes.role });
        }

        if (changes.team_id !== undefined) {
          const team = await requireTeam(tx, companyId, changes.team_id);
          const current = await teamIdsOfUser(tx, companyId, user.id);
          if (current.length !== 1 || current[0] !== team.id) {
            await deleteMembershipsOfUser(tx, companyId, user.id);
            await addTeamMember(tx, {
              companyId,
              teamId: team.id,
              userId: user.id,
              isManager: roleAfter === "manager",
            });
            await audit("user.moved_team", { from: current, to: team.id });
          }
        }

        if (changes.is_admin !== undefined && changes.is_admin !== user.isAdmin) {
          await setCompanyUserAdminFlag(tx, companyId, user.id, changes.is_admin);
          await endNotificationStreamsOf(tx, user.id);
          await audit(changes.is_admin ? "user.made_admin" : "user.admin_removed", {});
        }

        if (changes.is_active !== undefined && changes.is_active !== user.isActive) {
          await setPersonActive(tx, companyId, user.id, changes.is_active, now);
          await audit(changes.is_active ? "user.reactivated" : "user.deactivated", {});
        }

        const updated = await findCompanyUserRow(tx, companyId, user.id);
        const memberships = await membershipsOf(tx, companyId, [user.id]);
        return { user: updated!, teams: memberships.get(user.id) ?? [] };
      });
      return presentCompanyUser(view);
    },
  };
}

/**
 * Refuses (400, naming `field`) a password that is not the person's current one; an account
 * without a usable password has no current password to give.
 */
export async function requireCurrentPassword(
  db: Database,
  userId: string,
  password: string,
  field: string,
): Promise<void> {
  const currentHash = await findPasswordHash(db, userId);
  if (currentHash === null || !(await verifyPassword(password, currentHash))) {
    throw new AppError("settings.current_password_incorrect", {
      fields: { [field]: ERROR_CATALOGUE["settings.current_password_incorrect"].message },
    });
  }
}

/**
 * Refuses (409) to take away the company's last active administrator: someone else must be one
 * first. Call it with the company locked for user changes.
 */
export async function requireAnotherActiveAdmin(tx: Database, companyId: string, userId: string): Promise<void> {
  if ((await countOtherActiveAdmins(tx, companyId, userId)) === 0) throw new AppError("company.last_admin");
}

/** Refuses (404) a person who is not the company's, before anything else is checked. */
export async function requireCompanyUser(db: Database, companyId: string, userId: string): Promise<void> {
  if (!(await findCompanyUserRow(db, companyId, userId))) throw new AppError("user.not_found");
}

/**
 * Locks the company for user changes and answers its person `userId` about to leave it for good:
 * one already erased is not found, and the company's last active administrator is refused.
 */
export async function lockLeavingCompanyUser(tx: Database, companyId: string, userId: string) {
  await lockCompanyForUserChanges(tx, companyId);
  const user = await lockCompanyUser(tx, companyId, userId);
  if (!user || user.erasedAt) throw new AppError("user.not_found");
  if (user.isActive && isAdmin({ role: user.role, is_admin: user.isAdmin })) {
    await requireAnotherActiveAdmin(tx, companyId, user.id);
  }
  return user;
}

/** Takes a person out of every team of the company (their ideas and points keep their team). */
export async function removeFromAllTeams(tx: Database, companyId: string, userId: string): Promise<void> {
  await deleteMembershipsOfUser(tx, companyId, userId);
}

/** The teams each of the company's people `userIds` is in, oldest membership first. */
export function teamMembershipsOf(
  db: Database,
  companyId: string,
  userIds: readonly string[],
): Promise<Map<string, TeamMembership[]>> {
  return membershipsOf(db, companyId, userIds);
}

/**
 * Deactivates or reactivates a person of the company, inside the caller's transaction: a
 * deactivation ends their sessions and live streams at once (access tokens stop working, as the
 * user is read on every request); a reactivated person signs in again.
 */
export async function setPersonActive(
  tx: Database,
  companyId: string,
  userId: string,
  isActive: boolean,
  now: Date,
): Promise<void> {
  await setCompanyUserActive(tx, companyId, userId, isActive);
  if (!isActive) await revokeAllSessionsOfUser(tx, userId, now);
}

/**
 * Records a change people make to their own account, when they belong to a company: the audit
 * trail is a company's, so the change of someone without one goes unrecorded.
 */
async function auditOwnChange(
  tx: Database,
  caller: Caller,
  action: AuditAction,
  details?: Record<string, unknown>,
): Promise<void> {
  if (caller.companyId) {
    await recordAudit(tx, {
      companyId: caller.companyId,
      actorId: caller.id,
      action,
      targetType: "user",
      targetId: caller.id,
      details,
      ipAddress: caller.address ?? null,
    });
  }
}
