import { ROUTES, settingsPath, type TourId } from "@ideaport/shared";

/** Where each tour is replayed from: the page its steps point at. */
export const TOUR_HOME: Record<TourId, string> = {
  employeeIdeas: ROUTES.employeeIdeas,
  employeeCompany: ROUTES.employeeCompany,
  managerIdeas: ROUTES.managerIdeas,
  managerCompany: ROUTES.managerCompany,
  adminOverlay: settingsPath("company"),
};

/**
 * The administrator tour runs on manager and settings pages but points at controls of two pages:
 * Company Settings (its tab, teams, users, proposed challenges, analytics) and Manager Company (add
 * news). A step whose target is not on the current page opens the page that renders it.
 */
export const ADMIN_OVERLAY_TARGET_PAGES: Readonly<Record<string, string>> = {
  "company-settings-tab": settingsPath("company"),
  "team-management": settingsPath("company"),
  "user-management": settingsPath("company"),
  "proposed-challenges-tab": settingsPath("company"),
  "add-news": ROUTES.managerCompany,
  "analytics-overview": settingsPath("company"),
};

/** The CSS selector of a `data-tour` marker. */
export function tourTargetSelector(target: string): string {
  return `[data-tour="${target}"]`;
}
