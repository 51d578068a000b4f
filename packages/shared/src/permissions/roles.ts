import type { Role } from "../contracts/users.ts";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { ROUTES } from "../routes.ts";

/** The minimum a rule needs to know about a user. */
export interface RoleSubject {
  role: string;
  is_admin: boolean;
  team?: ReadonlyArray<{ is_manager?: boolean }> | null;
}

/** A manager if role is manager or any team entry has is_manager true. */
export function isManager(user: RoleSubject): boolean {
  return user.role === "manager" || (user.team ?? []).some((entry) => entry.is_manager === true);
}

/**
 * An admin if is_admin is true or role is admin. The one rule for "who is an admin": the server's
 * viewer, its recipient queries (`isAdminUser`) and every screen ask it.
 */
export function isAdmin(user: RoleSubject): boolean {
  return user.is_admin === true || user.role === "admin";
}

/**
 * Manager-level means role manager or is_admin true. Also counts the team manager flag and role
 * admin, so that everyone called a manager or an admin reaches the manager areas.
 */
export function isManagerLevel(user: RoleSubject): boolean {
  return isManager(user) || isAdmin(user);
}

/** How every screen names a role: menus, radio buttons, role pickers and invitation lines. */
export const ROLE_LABELS: Readonly<Record<Role, MessageDescriptor>> = defineMessages({
  employee: { id: "shared.roles.employee", defaultMessage: "Employee" },
  manager: { id: "shared.roles.manager", defaultMessage: "Manager" },
  admin: { id: "shared.roles.admin", defaultMessage: "Administrator" },
});
export type RoleLabel = MessageDescriptor;

/** The label in the user menu: the highest of the user's roles. */
export function roleLabel(user: RoleSubject): RoleLabel {
  if (isAdmin(user)) return ROLE_LABELS.admin;
  if (isManager(user)) return ROLE_LABELS.manager;
  return ROLE_LABELS.employee;
}

/** Where a user lands after login or company association, and the Ideas Portal link target. */
export function landingPathFor(user: RoleSubject): string {
  return isManagerLevel(user) ? ROUTES.managerIdeas : ROUTES.employeeIdeas;
}

/** The Company Portal link target. */
export function companyPortalPathFor(user: RoleSubject): string {
  return isManagerLevel(user) ? ROUTES.managerCompany : ROUTES.employeeCompany;
}
