import type { LoginResponse, User } from "@ideaport/shared";
import type { Principal } from "./principal.ts";

/** The User entity of spec section 3, with its legacy `_id` beside `id`. */
export function presentUser(principal: Principal): User {
  return {
    id: principal.id,
    _id: principal.id,
    email: principal.email,
    display_name: principal.displayName,
    first_name: principal.firstName,
    last_name: principal.lastName,
    role: principal.role,
    team: principal.teams,
    company_id: principal.companyId,
    company_name: principal.companyName,
    is_admin: principal.isAdmin,
    onboarding_status: principal.onboardingStatus,
  };
}

/** The login response fields of spec section 3. */
export function presentLogin(principal: Principal, tokens: { access: string; refresh: string }): LoginResponse {
  return {
    access: tokens.access,
    refresh: tokens.refresh,
    userId: principal.id,
    email: principal.email,
    displayName: principal.displayName,
    role: principal.role,
    team: principal.teams,
    company_id: principal.companyId,
    is_admin: principal.isAdmin,
  };
}
