import { isAppPath, landingPathFor, type RoleSubject, redirectForAppPath } from "@ideaport/shared";
import type { LoginLocationState } from "./auth-provider.tsx";

/** Where to go after login: the remembered /app location when this user may see it, else their landing path. */
export function postLoginPathFor(user: RoleSubject, from: LoginLocationState["from"]): string {
  if (from && isAppPath(from.pathname) && redirectForAppPath(user, from.pathname) === null) {
    return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
  }
  return landingPathFor(user);
}
