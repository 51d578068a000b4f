import { AppError, type LoginResponse, type User } from "@ideaport/shared";
import { issueSession } from "../auth/sessions.service.ts";
import { loadPrincipal } from "../users/principal.ts";
import { presentLogin, presentUser } from "../users/users.presenter.ts";
import type { PeopleModuleOptions } from "./tenancy.ts";

/**
 * Signs a user in after a step that ends with an account in a company (create company, join,
 * accept an invitation, change password): a new session, and the login fields plus the user.
 */
export async function signIn(options: PeopleModuleOptions, userId: string): Promise<LoginResponse & { user: User }> {
  const { db } = options.database;
  const tokens = await issueSession({ db, accessTokens: options.accessTokens, clock: options.clock }, userId);
  const principal = await loadPrincipal(db, userId);
  if (!principal) throw new AppError("server.internal");
  return { ...presentLogin(principal, tokens), user: presentUser(principal) };
}
