import { AppError, type ChangePasswordRequest, type UpdateProfileRequest } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { revokeAllSessionsOfUser } from "../auth/sessions.service.ts";
import type { Principal } from "../users/principal.ts";

export interface SettingsDependencies {
  db: Database;
  clock: () => Date;
}

/** Profile settings: the caller's names. Role, admin flag, company and e-mail are not editable here. */
export async function updateProfile(
  deps: Pick<SettingsDependencies, "db">,
  principal: Principal,
  changes: UpdateProfileRequest,
): Promise<void> {
  const values = {
    ...(changes.first_name === undefined ? {} : { firstName: changes.first_name }),
    ...(changes.last_name === undefined ? {} : { lastName: changes.last_name }),
    ...(changes.display_name === undefined ? {} : { displayName: changes.display_name }),
  };
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set(values).where(eq(users.id, principal.id));
    if (principal.companyId) {
      await recordAudit(tx, {
        companyId: principal.companyId,
        actorId: principal.id,
        action: "user.profile_updated",
        targetType: "user",
        targetId: principal.id,
        details: {
          fields: Object.keys(changes).filter((key) => changes[key as keyof UpdateProfileRequest] !== undefined),
        },
      });
    }
  });
}

/**
 * Changes the caller's password after checking the current one, and ends every session (all
 * refresh tokens revoked); the caller gets fresh tokens for this one from the route.
 */
export async function changePassword(
  deps: SettingsDependencies,
  principal: Principal,
  request: ChangePasswordRequest,
): Promise<void> {
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, principal.id));
  if (!user || !(await verifyPassword(request.current_password, user.passwordHash))) {
    throw new AppError("settings.current_password_incorrect", {
      fields: { current_password: "Your current password is incorrect." },
    });
  }
  const passwordHash = await hashPassword(request.new_password);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, principal.id));
    await revokeAllSessionsOfUser(tx, principal.id, now);
    if (principal.companyId) {
      await recordAudit(tx, {
        companyId: principal.companyId,
        actorId: principal.id,
        action: "user.password_changed",
        targetType: "user",
        targetId: principal.id,
      });
    }
  });
}
