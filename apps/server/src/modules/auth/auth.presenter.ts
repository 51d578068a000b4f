import type { LoginResponse, User } from "@ideaport/shared";
import type { Caller } from "../../core/caller.ts";
import { presentUser } from "../users/users.service.ts";

/** What a sign-in answers: both tokens and who signed in (id, e-mail, name, role, teams, company, admin flag). */
export function presentLogin(caller: Caller, tokens: { access: string; refresh: string }): LoginResponse {
  return {
    access: tokens.access,
    refresh: tokens.refresh,
    userId: caller.id,
    email: caller.email,
    displayName: caller.displayName,
    role: caller.role,
    team: caller.teams,
    company_id: caller.companyId,
    is_admin: caller.adminFlag,
  };
}

/** What a step that ends with an account in a company answers: the sign-in, and the user as `/users/me` shows them. */
export function presentSignIn(
  caller: Caller,
  tokens: { access: string; refresh: string },
): LoginResponse & { user: User } {
  return { ...presentLogin(caller, tokens), user: presentUser(caller) };
}
