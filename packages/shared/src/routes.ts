/** Client routes. These paths are exact, because links, bookmarks and e-mails already point at them. */
export const ROUTES = {
  landing: "/",
  login: "/login",
  /** Where a sign-in through the company's identity provider ends: `#ticket=` or `#error=`. */
  ssoLogin: "/login/sso",
  calendarCallback: "/auth/calendar/callback",
  passwordReset: "/password-reset/:token",
  acceptInvitation: "/accept-invitation/:token",
  multipleTabsError: "/multiple-tabs-error",
  /** Where an e-mail's unsubscribe link lands (`?token=`): confirms before it unsubscribes. */
  unsubscribe: "/unsubscribe",
  app: "/app",
  employeeIdeas: "/app/employee-ideas",
  employeeCompany: "/app/employee-company",
  managerIdeas: "/app/manager-ideas",
  managerCompany: "/app/manager-company",
  settings: "/app/settings",
  settingsType: "/app/settings/:type",
  dashboard: "/dashboard",
  admin: "/admin",
} as const;

export const SETTINGS_TYPES = ["profile", "team", "company"] as const;
export type SettingsType = (typeof SETTINGS_TYPES)[number];

/** Builds /password-reset/{token}. */
export function passwordResetPath(token: string): string {
  return `/password-reset/${encodeURIComponent(token)}`;
}

/** Builds /accept-invitation/{token}. */
export function acceptInvitationPath(token: string): string {
  return `/accept-invitation/${encodeURIComponent(token)}`;
}

/** Builds /app/settings/{type}. */
export function settingsPath(type: SettingsType): string {
  return `/app/settings/${type}`;
}

/** The search parameter of the ideas pages that names the idea open in its dialog: `?idea=<id>`. */
export const IDEA_SEARCH_PARAM = "idea";

/** Builds an ideas page's address with one idea open: `/app/employee-ideas?idea={id}`. */
export function ideaPath(ideasPage: string, ideaId: string): string {
  return `${ideasPage}?${IDEA_SEARCH_PARAM}=${encodeURIComponent(ideaId)}`;
}

/** The search parameter of the ideas pages that names the challenge open in its dialog: `?challenge=<id>`. */
export const CHALLENGE_SEARCH_PARAM = "challenge";

/** Builds an ideas page's address with one challenge open: `/app/employee-ideas?challenge={id}`. */
export function challengePath(ideasPage: string, challengeId: string): string {
  return `${ideasPage}?${CHALLENGE_SEARCH_PARAM}=${encodeURIComponent(challengeId)}`;
}

/** Sections of the Company Portal a link can lead to (`/app/employee-company#rewards`). */
export const COMPANY_PORTAL_SECTIONS = {
  rewards: "rewards",
  yourRedemptions: "your-redemptions",
  redemptionRequests: "redemption-requests",
} as const;
