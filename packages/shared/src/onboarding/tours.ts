import type { RoleSubject } from "../permissions/roles.ts";
import { isAdmin, isManager } from "../permissions/roles.ts";
import type { OnboardingStatus } from "./statuses.ts";

export type TourId = "employeeIdeas" | "employeeCompany" | "managerIdeas" | "managerCompany" | "adminOverlay";
export type TourRole = "employee" | "manager" | "admin";

export interface TourStep {
  /** The `data-tour` marker of the element the step points at. */
  target: string;
  content: string;
  placement?: "center";
}

/** An onboarding tour: its steps, the path it runs on, the status it awaits and sets, and its roles. */
export interface TourDefinition {
  id: TourId;
  steps: TourStep[];
  /** The tour runs only where the current path contains this. */
  pathIncludes: string;
  awaitingStatus: OnboardingStatus;
  nextStatus: OnboardingStatus;
  /** The tour's own completed status, used when the flow does not match. */
  completedStatus: OnboardingStatus;
  roles: TourRole[];
}

/** The five tours with their step targets. */
export const TOURS: Record<TourId, TourDefinition> = {
  employeeIdeas: {
    id: "employeeIdeas",
    pathIncludes: "/employee-ideas",
    awaitingStatus: "awaiting_employee_ideas_tour",
    nextStatus: "awaiting_employee_company_tour",
    completedStatus: "employee_ideas_tour_completed",
    roles: ["employee"],
    steps: [
      { target: "scope-filter", content: "Switch between your team's challenges and company-wide challenges." },
      { target: "challenge-card", content: "Each card is a challenge looking for ideas. Open one to answer it." },
      {
        target: "brain-dump",
        content: "Have an idea? Capture it here in one line, then add detail when you are ready.",
      },
      { target: "active-submissions", content: "Your submissions, grouped by where they are in review." },
      { target: "under-review-card", content: "Ideas under review show here, with every step of their history." },
      { target: "notifications-bell", content: "You will hear here when your ideas move or someone comments." },
      { target: "tour-final", content: "That's it. Put your first idea forward!", placement: "center" },
    ],
  },
  employeeCompany: {
    id: "employeeCompany",
    pathIncludes: "/employee-company",
    awaitingStatus: "awaiting_employee_company_tour",
    nextStatus: "employee_company_tour_completed",
    completedStatus: "employee_company_tour_completed",
    roles: ["employee"],
    steps: [
      { target: "news-dashboard", content: "Company news, all in one place." },
      { target: "news-card", content: "Open a story to read it in full." },
      { target: "news-category-tab", content: "Filter the news by category." },
      { target: "leaderboard", content: "See who is putting ideas forward." },
      { target: "leaderboard-filter", content: "Compare employees, managers and teams over a period." },
      { target: "rewards-overview", content: "Points you earn can be spent on rewards." },
      { target: "reward-card", content: "Redeem a reward when you have the points." },
      { target: "tour-final", content: "You are all set. Enjoy Ideaport!", placement: "center" },
    ],
  },
  managerIdeas: {
    id: "managerIdeas",
    pathIncludes: "/manager-ideas",
    awaitingStatus: "awaiting_manager_ideas_tour",
    nextStatus: "awaiting_manager_company_tour",
    completedStatus: "manager_ideas_tour_completed",
    roles: ["manager", "admin"],
    steps: [
      { target: "challenges", content: "The challenges your teams and company are working on." },
      { target: "scope-filter", content: "Switch between team and company challenges." },
      { target: "add-challenge", content: "Post a new challenge for your team." },
      { target: "team-display", content: "The team you manage." },
      { target: "team-submissions", content: "Your team's ideas, by review status." },
      { target: "under-review-card", content: "Open an idea to review it, ask for a revision or decide." },
      { target: "ideas-to-action", content: "Approved ideas become actions with an owner and a due date." },
      { target: "action-filter", content: "Filter actions by status." },
      { target: "notifications-bell", content: "New submissions and revisions arrive here." },
    ],
  },
  managerCompany: {
    id: "managerCompany",
    pathIncludes: "/manager-company",
    awaitingStatus: "awaiting_manager_company_tour",
    nextStatus: "manager_company_tour_completed",
    completedStatus: "manager_company_tour_completed",
    roles: ["manager", "admin"],
    steps: [
      { target: "news-dashboard", content: "Company news, all in one place." },
      { target: "news-category-tab", content: "Filter the news by category." },
      { target: "add-news", content: "Administrators publish news here." },
      { target: "leaderboard", content: "See which people and teams contribute most." },
      { target: "rewards-overview", content: "Rewards your people can redeem with their points." },
      { target: "settings-nav", content: "Manage your profile, your team and, for admins, the company." },
      { target: "notifications-bell", content: "Everything that needs your attention arrives here." },
    ],
  },
  adminOverlay: {
    id: "adminOverlay",
    pathIncludes: "/",
    awaitingStatus: "awaiting_admin_overlay_tour",
    nextStatus: "admin_overlay_completed",
    completedStatus: "admin_overlay_completed",
    roles: ["admin"],
    steps: [
      {
        target: "tour-welcome",
        content: "Welcome, administrator! Here is where you run your company.",
        placement: "center",
      },
      { target: "settings-nav", content: "Settings for your profile, your team and the company." },
      { target: "company-settings-tab", content: "Company name, join password and points rules." },
      { target: "team-management", content: "Create, rename and remove teams." },
      { target: "user-management", content: "Change roles, admin rights and teams, or deactivate accounts." },
      { target: "proposed-challenges-tab", content: "Approve or deny company challenges proposed by your people." },
      { target: "add-news", content: "Publish news for the whole company." },
      {
        target: "analytics-overview",
        content: "See whether your innovation programme works: ideas, participation, review times and more.",
      },
    ],
  },
};

function tourRoleOf(user: RoleSubject): TourRole[] {
  const roles: TourRole[] = [];
  if (isAdmin(user)) roles.push("admin");
  if (isManager(user)) roles.push("manager");
  if (!isManager(user) && !isAdmin(user)) roles.push("employee");
  return roles;
}

function isAllowed(tour: TourDefinition, user: RoleSubject): boolean {
  return tourRoleOf(user).some((role) => tour.roles.includes(role));
}

/**
 * Tour start: which tour (if any) starts for this status, user and path.
 * From awaiting_initial_tour: an admin on /manager- or /settings gets the admin overlay; else a
 * manager on /manager-ideas the manager ideas tour; else an employee on /employee-ideas the
 * employee ideas tour. Otherwise a tour starts when the status equals its awaiting status, the
 * role is allowed and the path matches.
 */
export function selectTour(status: string, user: RoleSubject, pathname: string): TourDefinition | null {
  if (status === "awaiting_initial_tour") {
    if (isAdmin(user) && (pathname.includes("/manager-") || pathname.includes("/settings"))) return TOURS.adminOverlay;
    if (isManager(user) && pathname.includes("/manager-ideas")) return TOURS.managerIdeas;
    if (!isManager(user) && !isAdmin(user) && pathname.includes("/employee-ideas")) return TOURS.employeeIdeas;
    return null;
  }
  for (const tour of Object.values(TOURS)) {
    if (tour.awaitingStatus !== status || !isAllowed(tour, user)) continue;
    if (tour.id === "adminOverlay" ? isAdminOverlayPath(pathname) : pathname.includes(tour.pathIncludes)) return tour;
  }
  return null;
}

/** The tours a person's role allows, in the order a replay menu lists them. */
export function toursForUser(user: RoleSubject): TourDefinition[] {
  return Object.values(TOURS).filter((tour) => isAllowed(tour, user));
}

/** How a replay menu names each tour. */
export const TOUR_REPLAY_LABELS: Record<TourId, string> = {
  employeeIdeas: "Replay the ideas tour",
  employeeCompany: "Replay the company tour",
  managerIdeas: "Replay the ideas tour",
  managerCompany: "Replay the company tour",
  adminOverlay: "Replay the administrator tour",
};

function isAdminOverlayPath(pathname: string): boolean {
  return pathname.includes("/manager-") || pathname.includes("/settings");
}

/**
 * Tour completion (finish or skip): the status to save. From the initial status a tour leads to
 * the next one of the user's role; a status off the expected flow gets the tour's own completed status.
 */
export function statusAfterTour(tourId: TourId, status: string, user: RoleSubject): OnboardingStatus {
  const tour = TOURS[tourId];
  if (status === "awaiting_initial_tour") {
    if (tourId === "employeeIdeas") return "awaiting_employee_company_tour";
    if (tourId === "managerIdeas") return "awaiting_manager_company_tour";
    if (tourId === "adminOverlay") {
      if (isManager(user)) return "awaiting_manager_ideas_tour";
      if (user.role === "employee") return "awaiting_employee_ideas_tour";
      return "admin_overlay_completed";
    }
  }
  if (status === tour.awaitingStatus) return tour.nextStatus;
  return tour.completedStatus;
}
