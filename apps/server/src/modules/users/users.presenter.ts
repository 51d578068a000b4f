import type { User } from "@ideaport/shared";
import type { Caller } from "../../core/caller.ts";
import type { UserRow } from "../../db/schema/index.ts";

/**
 * A user as the API answers them: id (also as the legacy `_id`), e-mail, names, role, teams (each
 * with is_manager), company, the admin flag, the onboarding status, and the language the person
 * chose and the one they read. Never the password hash.
 */
export function presentUser(caller: Caller): User {
  return {
    id: caller.id,
    _id: caller.id,
    email: caller.email,
    display_name: caller.displayName,
    first_name: caller.firstName,
    last_name: caller.lastName,
    role: caller.role,
    team: caller.teams,
    company_id: caller.companyId,
    company_name: caller.companyName,
    is_admin: caller.adminFlag,
    onboarding_status: caller.onboardingStatus,
    language: caller.chosenLanguage,
    effective_language: caller.language,
  };
}

/** A colleague as the lists of people show them (user management, Team Settings): who, their role, whether active. */
export function presentColleague(
  user: Pick<UserRow, "id" | "email" | "displayName" | "firstName" | "lastName" | "role" | "isAdmin" | "isActive">,
) {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    display_name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    is_admin: user.isAdmin,
    is_active: user.isActive,
  };
}
