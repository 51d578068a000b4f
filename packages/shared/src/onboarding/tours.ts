import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import type { RoleSubject } from "../permissions/roles.ts";
import { isAdmin, isManager } from "../permissions/roles.ts";
import type { OnboardingStatus } from "./statuses.ts";

export type TourId = "employeeIdeas" | "employeeCompany" | "managerIdeas" | "managerCompany" | "adminOverlay";
export type TourRole = "employee" | "manager" | "admin";

export interface TourStep {
  /** The `data-tour` marker of the element the step points at. */
  target: string;
  content: MessageDescriptor;
  /**
   * "center": the step stands in the middle of the screen. When the page shows its marker (a new
   * company's checklist shows the administrator's welcome's), it points at that from above instead.
   */
  placement?: "center";
}

/**
 * When an onboarding tour runs: the path it runs on, the status it awaits and sets, and its roles.
 * Its steps are TOUR_STEPS (tour-steps.ts), which only the tour runner loads.
 */
export interface TourRule {
  id: TourId;
  /** The tour runs only where the current path contains this. */
  pathIncludes: string;
  awaitingStatus: OnboardingStatus;
  nextStatus: OnboardingStatus;
  /** The tour's own completed status, used when the flow does not match. */
  completedStatus: OnboardingStatus;
  roles: TourRole[];
}

/** A tour with its steps, as the tour runner shows it. */
export interface TourDefinition extends TourRule {
  steps: readonly TourStep[];
}

/** The five tours' rules. */
export const TOURS: Record<TourId, TourRule> = {
  employeeIdeas: {
    id: "employeeIdeas",
    pathIncludes: "/employee-ideas",
    awaitingStatus: "awaiting_employee_ideas_tour",
    nextStatus: "awaiting_employee_company_tour",
    completedStatus: "employee_ideas_tour_completed",
    roles: ["employee"],
  },
  employeeCompany: {
    id: "employeeCompany",
    pathIncludes: "/employee-company",
    awaitingStatus: "awaiting_employee_company_tour",
    nextStatus: "employee_company_tour_completed",
    completedStatus: "employee_company_tour_completed",
    roles: ["employee"],
  },
  managerIdeas: {
    id: "managerIdeas",
    pathIncludes: "/manager-ideas",
    awaitingStatus: "awaiting_manager_ideas_tour",
    nextStatus: "awaiting_manager_company_tour",
    completedStatus: "manager_ideas_tour_completed",
    roles: ["manager", "admin"],
  },
  managerCompany: {
    id: "managerCompany",
    pathIncludes: "/manager-company",
    awaitingStatus: "awaiting_manager_company_tour",
    nextStatus: "manager_company_tour_completed",
    completedStatus: "manager_company_tour_completed",
    roles: ["manager", "admin"],
  },
  adminOverlay: {
    id: "adminOverlay",
    pathIncludes: "/",
    awaitingStatus: "awaiting_admin_overlay_tour",
    nextStatus: "admin_overlay_completed",
    completedStatus: "admin_overlay_completed",
    roles: ["admin"],
  },
};

function tourRoleOf(user: RoleSubject): TourRole[] {
  const roles: TourRole[] = [];
  if (isAdmin(user)) roles.push("admin");
  if (isManager(user)) roles.push("manager");
  if (!isManager(user) && !isAdmin(user)) roles.push("employee");
  return roles;
}

function isAllowed(tour: TourRule, user: RoleSubject): boolean {
  return tourRoleOf(user).some((role) => tour.roles.includes(role));
}

/**
 * Tour start: which tour (if any) starts for this status, user and path.
 * From awaiting_initial_tour: an admin on /manager- or /settings gets the admin overlay; else a
 * manager on /manager-ideas the manager ideas tour; else an employee on /employee-ideas the
 * employee ideas tour. Otherwise a tour starts when the status equals its awaiting status, the
 * role is allowed and the path matches.
 */
export function selectTour(status: string, user: RoleSubject, pathname: string): TourRule | null {
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
export function toursForUser(user: RoleSubject): TourRule[] {
  return Object.values(TOURS).filter((tour) => isAllowed(tour, user));
}

const REPLAY_MESSAGES = defineMessages({
  ideas: { id: "shared.tours.replay.ideas", defaultMessage: "Replay the ideas tour" },
  company: { id: "shared.tours.replay.company", defaultMessage: "Replay the company tour" },
  administrator: { id: "shared.tours.replay.administrator", defaultMessage: "Replay the administrator tour" },
});

/** How a replay menu names each tour. */
export const TOUR_REPLAY_LABELS: Readonly<Record<TourId, MessageDescriptor>> = {
  employeeIdeas: REPLAY_MESSAGES.ideas,
  employeeCompany: REPLAY_MESSAGES.company,
  managerIdeas: REPLAY_MESSAGES.ideas,
  managerCompany: REPLAY_MESSAGES.company,
  adminOverlay: REPLAY_MESSAGES.administrator,
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
