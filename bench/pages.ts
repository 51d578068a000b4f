// The pages a person can open, derived from the shared client routes and route access, so that
// a page added to ROUTES is measured and budgeted without editing the scripts that use this list.
import { isAppPath, ROUTES, redirectForAppPath, SETTINGS_TYPES, settingsPath } from "@ideaport/shared";

/** Routes that render no page of their own: redirects, the calendar hand-off, the error screen. */
const NOT_PAGES: ReadonlySet<string> = new Set([
  ROUTES.dashboard,
  ROUTES.admin,
  ROUTES.calendarCallback,
  ROUTES.multipleTabsError,
  ROUTES.app,
  ROUTES.settings,
  ROUTES.settingsType,
]);

/** A token-shaped placeholder for `:token` routes: the page shows its invalid-link state. */
const SAMPLE_TOKEN = "lighthouse-sample-token";

/** The demo sign-ins (apps/server/src/seed/demo.ts), one per role. */
export const DEMO_ROLES = {
  admin: { email: "alice@acme.example", user: { role: "admin", is_admin: true } },
  manager: { email: "marcus@acme.example", user: { role: "manager", is_admin: false } },
  employee: { email: "priya@acme.example", user: { role: "employee", is_admin: false } },
} as const;
export const DEMO_PASSWORD = "Password123!";
export type DemoRole = keyof typeof DEMO_ROLES;

const ALL_ROUTES: string[] = Object.values(ROUTES);

/** Pages a signed-out visitor opens: every route outside /app, `:token` filled with a sample. */
export function publicPages(): string[] {
  return ALL_ROUTES.filter((route) => !isAppPath(route) && !NOT_PAGES.has(route)).map((route) =>
    route.replace(/:token\b/, SAMPLE_TOKEN),
  );
}

/** Pages a role may open under /app: every static /app route and settings tab route access allows. */
export function appPagesFor(role: DemoRole): string[] {
  const candidates = [
    ...ALL_ROUTES.filter((route) => isAppPath(route) && !NOT_PAGES.has(route)),
    ...SETTINGS_TYPES.map(settingsPath),
  ];
  return candidates.filter((route) => redirectForAppPath(DEMO_ROLES[role].user, route) === null);
}

/** Each /app page once, with the most privileged demo role that may open it (it sees the most). */
export function appPagesByRole(): Array<{ path: string; role: DemoRole }> {
  const seen = new Set<string>();
  const pages: Array<{ path: string; role: DemoRole }> = [];
  for (const role of Object.keys(DEMO_ROLES) as DemoRole[]) {
    for (const path of appPagesFor(role)) {
      if (seen.has(path)) continue;
      seen.add(path);
      pages.push({ path, role });
    }
  }
  return pages;
}
