import type { CompanyUser } from "@ideaport/shared";
import type { CompanyUserView } from "./settings.repository.ts";

/** A user as user management lists them. */
export function presentCompanyUser(view: CompanyUserView): CompanyUser {
  const { user } = view;
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
    team: view.teams,
  };
}
