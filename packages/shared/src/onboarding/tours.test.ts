import { describe, expect, it } from "vitest";
import type { RoleSubject } from "../permissions/roles.ts";
import { TOUR_STEPS } from "./tour-steps.ts";
import { selectTour, statusAfterTour, TOURS, type TourId, toursForUser } from "./tours.ts";

const employee: RoleSubject = { role: "employee", is_admin: false, team: [{ is_manager: false }] };
const manager: RoleSubject = { role: "manager", is_admin: false, team: [{ is_manager: true }] };
const teamManager: RoleSubject = { role: "employee", is_admin: false, team: [{ is_manager: true }] };
const adminManager: RoleSubject = { role: "manager", is_admin: true, team: [{ is_manager: true }] };
const adminEmployee: RoleSubject = { role: "employee", is_admin: true, team: [] };
const adminOnly: RoleSubject = { role: "admin", is_admin: true, team: [] };

describe("selectTour: which tour starts", () => {
  it.each([
    // From awaiting_initial_tour
    [
      "admin on /manager-ideas gets the admin overlay",
      "awaiting_initial_tour",
      adminManager,
      "/app/manager-ideas",
      "adminOverlay",
    ],
    [
      "admin on /manager-company gets the admin overlay",
      "awaiting_initial_tour",
      adminOnly,
      "/app/manager-company",
      "adminOverlay",
    ],
    [
      "admin on /settings gets the admin overlay",
      "awaiting_initial_tour",
      adminEmployee,
      "/app/settings/company",
      "adminOverlay",
    ],
    [
      "manager on /manager-ideas gets the manager ideas tour",
      "awaiting_initial_tour",
      manager,
      "/app/manager-ideas",
      "managerIdeas",
    ],
    ["team manager flag counts as manager", "awaiting_initial_tour", teamManager, "/app/manager-ideas", "managerIdeas"],
    ["manager elsewhere gets nothing", "awaiting_initial_tour", manager, "/app/manager-company", null],
    [
      "employee on /employee-ideas gets the employee ideas tour",
      "awaiting_initial_tour",
      employee,
      "/app/employee-ideas",
      "employeeIdeas",
    ],
    ["employee elsewhere gets nothing", "awaiting_initial_tour", employee, "/app/employee-company", null],
    // Awaiting statuses: status, role and path must all match
    [
      "awaiting employee ideas on its page",
      "awaiting_employee_ideas_tour",
      employee,
      "/app/employee-ideas",
      "employeeIdeas",
    ],
    [
      "awaiting employee company on its page",
      "awaiting_employee_company_tour",
      employee,
      "/app/employee-company",
      "employeeCompany",
    ],
    [
      "awaiting employee company on the wrong page",
      "awaiting_employee_company_tour",
      employee,
      "/app/employee-ideas",
      null,
    ],
    ["employee tours are for employees only", "awaiting_employee_ideas_tour", manager, "/app/employee-ideas", null],
    [
      "awaiting manager ideas on its page",
      "awaiting_manager_ideas_tour",
      manager,
      "/app/manager-ideas",
      "managerIdeas",
    ],
    [
      "manager tours are for admins too",
      "awaiting_manager_company_tour",
      adminOnly,
      "/app/manager-company",
      "managerCompany",
    ],
    ["manager tours are not for employees", "awaiting_manager_ideas_tour", employee, "/app/manager-ideas", null],
    [
      "awaiting admin overlay on a manager page",
      "awaiting_admin_overlay_tour",
      adminOnly,
      "/app/manager-ideas",
      "adminOverlay",
    ],
    ["admin overlay is for admins only", "awaiting_admin_overlay_tour", manager, "/app/manager-ideas", null],
    ["completed statuses start nothing", "manager_company_tour_completed", manager, "/app/manager-company", null],
  ] as const)("%s", (_name, status, user, path, expected) => {
    expect(selectTour(status, user, path)?.id ?? null).toBe(expected);
  });
});

describe("statusAfterTour: the status saved when a tour ends", () => {
  it.each([
    // From initial
    [
      "employee ideas from initial",
      "employeeIdeas",
      "awaiting_initial_tour",
      employee,
      "awaiting_employee_company_tour",
    ],
    ["manager ideas from initial", "managerIdeas", "awaiting_initial_tour", manager, "awaiting_manager_company_tour"],
    [
      "admin overlay from initial, manager",
      "adminOverlay",
      "awaiting_initial_tour",
      adminManager,
      "awaiting_manager_ideas_tour",
    ],
    [
      "admin overlay from initial, employee",
      "adminOverlay",
      "awaiting_initial_tour",
      adminEmployee,
      "awaiting_employee_ideas_tour",
    ],
    [
      "admin overlay from initial, otherwise",
      "adminOverlay",
      "awaiting_initial_tour",
      adminOnly,
      "admin_overlay_completed",
    ],
    // Awaiting statuses
    [
      "employee ideas (awaiting)",
      "employeeIdeas",
      "awaiting_employee_ideas_tour",
      employee,
      "awaiting_employee_company_tour",
    ],
    [
      "employee company",
      "employeeCompany",
      "awaiting_employee_company_tour",
      employee,
      "employee_company_tour_completed",
    ],
    [
      "manager ideas (awaiting)",
      "managerIdeas",
      "awaiting_manager_ideas_tour",
      manager,
      "awaiting_manager_company_tour",
    ],
    ["manager company", "managerCompany", "awaiting_manager_company_tour", manager, "manager_company_tour_completed"],
    ["admin overlay (awaiting)", "adminOverlay", "awaiting_admin_overlay_tour", adminOnly, "admin_overlay_completed"],
    // Status not matching the expected flow: the tour's own completed status
    [
      "employee ideas out of flow",
      "employeeIdeas",
      "manager_company_tour_completed",
      employee,
      "employee_ideas_tour_completed",
    ],
    [
      "employee company out of flow",
      "employeeCompany",
      "awaiting_initial_tour",
      employee,
      "employee_company_tour_completed",
    ],
    [
      "manager ideas out of flow",
      "managerIdeas",
      "awaiting_employee_ideas_tour",
      manager,
      "manager_ideas_tour_completed",
    ],
    [
      "manager company out of flow",
      "managerCompany",
      "awaiting_initial_tour",
      manager,
      "manager_company_tour_completed",
    ],
    ["admin overlay out of flow", "adminOverlay", "awaiting_manager_ideas_tour", adminOnly, "admin_overlay_completed"],
  ] as const)("%s", (_name, tourId, status, user, expected) => {
    expect(statusAfterTour(tourId as TourId, status, user)).toBe(expected);
  });
});

describe("tour definitions: the steps of each tour", () => {
  it.each([
    ["employeeIdeas", 7],
    ["employeeCompany", 8],
    ["managerIdeas", 9],
    ["managerCompany", 7],
    ["adminOverlay", 8],
  ] as const)("%s has %i steps", (tourId, count) => {
    expect(TOUR_STEPS[tourId]).toHaveLength(count);
  });

  it("ends the employee tours and opens the admin overlay with a centered step", () => {
    expect(TOUR_STEPS.employeeIdeas.at(-1)?.placement).toBe("center");
    expect(TOUR_STEPS.employeeCompany.at(-1)?.placement).toBe("center");
    expect(TOUR_STEPS.adminOverlay[0]?.placement).toBe("center");
  });

  it("binds tours to roles", () => {
    expect(TOURS.employeeIdeas.roles).toEqual(["employee"]);
    expect(TOURS.managerIdeas.roles).toEqual(["manager", "admin"]);
    expect(TOURS.adminOverlay.roles).toEqual(["admin"]);
  });
});

describe("toursForUser: the tours a role may replay", () => {
  it.each<[string, RoleSubject, TourId[]]>([
    ["an employee", employee, ["employeeIdeas", "employeeCompany"]],
    ["a manager", manager, ["managerIdeas", "managerCompany"]],
    ["a team manager with the employee role", teamManager, ["managerIdeas", "managerCompany"]],
    ["an admin who manages a team", adminManager, ["managerIdeas", "managerCompany", "adminOverlay"]],
    ["an admin with the employee role", adminEmployee, ["managerIdeas", "managerCompany", "adminOverlay"]],
    ["an admin only", adminOnly, ["managerIdeas", "managerCompany", "adminOverlay"]],
  ])("%s", (_name, user, expected) => {
    expect(toursForUser(user).map((tour) => tour.id)).toEqual(expected);
  });
});
