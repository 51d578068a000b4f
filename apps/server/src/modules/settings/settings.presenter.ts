import type { CompanyUser } from "@ideaport/shared";
import { presentColleague } from "../users/users.service.ts";
import type { CompanyUserView } from "./settings.repository.ts";

/** A user as user management lists them. */
export function presentCompanyUser(view: CompanyUserView): CompanyUser {
  return { ...presentColleague(view.user), team: view.teams };
}
