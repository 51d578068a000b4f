import { ROUTES } from "../routes.ts";

/** The minimum a rule needs to know about a user. */
export interface RoleSubject {
  role: string;
  is_admin: boolean;
  team?: ReadonlyArray<{ is_manager?: boolean }> | null;
}

/** Spec section 6: a manager if role is manager or any team entry has is_manager true. */
export function isManager(user: RoleSubject): boolean {
  return user.role === "manager" || (user.team ?? []).some((entry) => entry.is_manager === true);
}

/** Spec section 6: an admin if is_admin is true or role is admin. */
export function isAdmin(user: RoleSubject): boolean {
  return user.is_admin === true || user.role === "admin";
}

/**
 * Spec section 5: manager-level means role manager or is_admin true. Also counts the team
 * manager flag and role admin, so that everyone section 6 calls a manager or an admin
 * reaches the manager areas.
 */
export function isManagerLevel(user: RoleSubject): boolean {
  return isManager(user) || isAdmin(user);
}

/** The label in the user menu. */
export function roleLabel(user: RoleSubject): "Administrator" | "Manager" | "Employee" {
  if (isAdmin(user)) return "Administrator";
  if (isManager(user)) return "Manager";
  return "Employee";
}

/** Where a user lands after login or company association. */
export function landingPathFor(user: RoleSubject): string {
  return isManagerLevel(user) ? ROUTES.managerIdeas : ROUTES.employeeIdeas;
}

/** The Ideas Portal link target. */
export function ideasPortalPathFor(user: RoleSubject): string {
  return isManagerLevel(user) ? ROUTES.managerIdeas : ROUTES.employeeIdeas;
}

/** The Company Portal link target. */
export function companyPortalPathFor(user: RoleSubject): string {
  return isManagerLevel(user) ? ROUTES.managerCompany : ROUTES.employeeCompany;
}
