// The route table: every client route with its screen, who may open it, whether its HTML page
// carries its first screen, and its script budget. Plain data (it imports only the shared package),
// read by the router (router.tsx), and through it the prerender (prerender.tsx), and by the build's
// tools run in Node: the route pages (scripts/route-pages.ts) and the budget check
// (scripts/check-route-budgets.ts). A route added here is routed, paged and budgeted.
import { ROUTES } from "@ideaport/shared";

/** A lazily loaded component: a named export of a module, which the build puts in a chunk of its own. */
export interface Screen {
  /** The module's path relative to src/; the Vite manifest keys its chunk as `src/<module>`. */
  module: string;
  /** The component's export name. */
  name: string;
}

/**
 * Who may open a route. "public": anyone, inside the app root (the design system and the session).
 * The others sit in the signed-in shell at /app, where RequireAuth sends a signed-out visitor to
 * /login and `redirectForAppPath` (@ideaport/shared, the one author of the role rule) sends a user
 * it does not admit to their own area: "signed-in" admits every role, "employee" only users who are
 * not manager-level, "manager-level" only managers and administrators.
 */
export type RouteAccess = "public" | "signed-in" | "employee" | "manager-level";

/**
 * Whether a route's HTML page carries its screen, rendered for a signed-out visitor, which the app
 * then adopts: only a public route can have one, since a signed-in screen depends on who is looking
 * (its page shows the app's loading screen instead).
 */
type AccessAndPrerender =
  | { access: "public"; prerender: boolean }
  | { access: Exclude<RouteAccess, "public">; prerender: false };

export type AppRoute = AccessAndPrerender & {
  /** A path of ROUTES; "*" is every path no other route matches. */
  path: string;
  screen: Screen;
  /** The route's initial JavaScript (brotli, as the server sends it) may not exceed this, in KiB. */
  budgetKiB: number;
  /**
   * The HTML page the server answers the route with instead of the app's index.html. Such a page
   * loads no app code, so the router renders its screen outside the app root too.
   */
  ownPage?: "landing.html";
};

/**
 * The lazily loaded components the router renders before a route's screen: the app root (every
 * route but one with a page of its own), the signed-in shell, and the loader of the public screens,
 * whose code signed-in pages never download.
 */
export const LAYOUTS = {
  appRoot: { module: "app/app-root.tsx", name: "AppRoot" },
  appShell: { module: "app/app-shell-route.tsx", name: "AppShellRoute" },
  publicScreen: { module: "app/public-screen.tsx", name: "PublicScreen" },
} as const satisfies Record<string, Screen>;

/** Every app route but the landing page may load this much initial JavaScript. */
const APP_ROUTE_BUDGET_KIB = 171;

// The password reset module also exports the unsubscribe page, so both share one chunk.
const PASSWORD_RESET_MODULE = "features/auth/password-reset-page.tsx";
const SETTINGS_PAGE = { module: "app/screens/settings-page.tsx", name: "SettingsPage" };

/** Every client route. The signed-in pages are fetched ahead while the browser is idle, in this order. */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: ROUTES.landing,
    screen: { module: "features/landing/landing-route.tsx", name: "LandingRoute" },
    access: "public",
    prerender: true,
    budgetKiB: 60,
    ownPage: "landing.html",
  },
  {
    path: ROUTES.login,
    screen: { module: "features/auth/login-page.tsx", name: "LoginPage" },
    access: "public",
    prerender: true,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.ssoLogin,
    screen: { module: "features/sso/sso-login-page.tsx", name: "SsoLoginPage" },
    access: "public",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.calendarCallback,
    screen: { module: "features/calendar/calendar-callback-page.tsx", name: "CalendarCallbackPage" },
    access: "public",
    prerender: true,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.passwordReset,
    screen: { module: PASSWORD_RESET_MODULE, name: "PasswordResetPage" },
    access: "public",
    prerender: true,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.acceptInvitation,
    screen: { module: "features/invitations/accept-invitation-page.tsx", name: "AcceptInvitationPage" },
    access: "public",
    prerender: true,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.multipleTabsError,
    screen: { module: "features/system/multiple-tabs-page.tsx", name: "MultipleTabsPage" },
    access: "public",
    prerender: true,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.unsubscribe,
    screen: { module: PASSWORD_RESET_MODULE, name: "UnsubscribePage" },
    access: "public",
    prerender: true,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.employeeIdeas,
    screen: { module: "features/ideas/employee-ideas-page.tsx", name: "EmployeeIdeasPage" },
    access: "employee",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.managerIdeas,
    screen: { module: "features/ideas/manager-ideas-page.tsx", name: "ManagerIdeasPage" },
    access: "manager-level",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.employeeCompany,
    screen: { module: "features/company-portal/employee-company-page.tsx", name: "EmployeeCompanyPage" },
    access: "employee",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.managerCompany,
    screen: { module: "features/company-portal/manager-company-page.tsx", name: "ManagerCompanyPage" },
    access: "manager-level",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.settings,
    screen: SETTINGS_PAGE,
    access: "signed-in",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: ROUTES.settingsType,
    screen: SETTINGS_PAGE,
    access: "signed-in",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
  {
    path: "*",
    screen: { module: "app/screens/not-found-page.tsx", name: "NotFoundPage" },
    access: "public",
    prerender: false,
    budgetKiB: APP_ROUTE_BUDGET_KIB,
  },
];

/** Old addresses still in bookmarks and e-mails; they render nothing and load no app code. */
export const LEGACY_REDIRECTS: ReadonlyArray<{ path: string; to: string }> = [
  { path: ROUTES.dashboard, to: ROUTES.employeeIdeas },
  { path: ROUTES.admin, to: ROUTES.managerIdeas },
];

/** The lazily loaded components the router renders on a route, outermost first, its screen last. */
export function screensOf(route: AppRoute): Screen[] {
  if (route.access !== "public") return [LAYOUTS.appRoot, LAYOUTS.appShell, route.screen];
  if (route.ownPage) return [LAYOUTS.publicScreen, route.screen];
  return [LAYOUTS.appRoot, LAYOUTS.publicScreen, route.screen];
}
