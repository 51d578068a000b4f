/**
 * What a personal API token may be allowed to do, one scope per kind of route. `admin` is granted
 * only to admins. A token acts as its person, so a scope never reaches beyond the person's own role.
 */
export const TOKEN_SCOPES = [
  "ideas:read",
  "ideas:write",
  "challenges:read",
  "notifications:read",
  "portal:read",
  "admin",
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
