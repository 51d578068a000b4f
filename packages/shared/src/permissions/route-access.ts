import { ROUTES, SETTINGS_TYPES, type SettingsType } from "../routes.ts";
import { type Ability, can } from "./abilities.ts";
import { isManagerLevel, landingPathFor, type RoleSubject } from "./roles.ts";

/** True for the signed-in app's paths: /app and everything under it. */
export function isAppPath(pathname: string): boolean {
  return pathname === ROUTES.app || pathname.startsWith(`${ROUTES.app}/`);
}

/**
 * Route access: decides whether a signed-in user may see an /app path.
 * Returns null when the path is allowed, or the path to redirect to.
 */
export function redirectForAppPath(user: RoleSubject, pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === ROUTES.app) return landingPathFor(user);
  if (path === ROUTES.settings) return null;
  if (path.startsWith(`${ROUTES.settings}/`)) {
    const type = path.slice(ROUTES.settings.length + 1);
    return canOpenSettings(user, type) ? null : `${ROUTES.settings}/profile`;
  }
  const managerLevel = isManagerLevel(user);
  if (managerLevel && /^\/app\/manager-[^/]+$/.test(path)) return null;
  if (!managerLevel && /^\/app\/employee-[^/]+$/.test(path)) return null;
  return landingPathFor(user);
}

/** Settings tabs a user may open: profile for everyone, team for managers, company for admins. */
export function settingsTypesFor(user: RoleSubject): SettingsType[] {
  return SETTINGS_TYPES.filter((type) => canOpenSettings(user, type));
}

/** Each settings tab opens for whoever holds its ability; the abilities are the rule. */
const SETTINGS_ABILITIES: Readonly<Record<SettingsType, Ability>> = {
  profile: "settings.profile",
  team: "settings.team",
  company: "settings.company",
};

function canOpenSettings(user: RoleSubject, type: string): boolean {
  if (!(SETTINGS_TYPES as readonly string[]).includes(type)) return false;
  return can(user, SETTINGS_ABILITIES[type as SettingsType]);
}
