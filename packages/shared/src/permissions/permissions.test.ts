import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/messages.ts";
import {
  companyPortalPathFor,
  isAdmin,
  isManager,
  isManagerLevel,
  landingPathFor,
  type RoleSubject,
  roleLabel,
} from "./roles.ts";
import { redirectForAppPath, settingsTypesFor } from "./route-access.ts";

const english = createTranslator("en", {});

const employee: RoleSubject = { role: "employee", is_admin: false, team: [{ is_manager: false }] };
const manager: RoleSubject = { role: "manager", is_admin: false, team: [] };
const teamManager: RoleSubject = { role: "employee", is_admin: false, team: [{ is_manager: true }] };
const adminFlagOnly: RoleSubject = { role: "employee", is_admin: true, team: [] };
const adminRole: RoleSubject = { role: "admin", is_admin: false, team: [] };

describe("roles: who counts as manager and as admin, and where each lands", () => {
  it.each([
    ["employee", employee, false, false, "Employee"],
    ["manager by role", manager, true, false, "Manager"],
    ["manager by team flag", teamManager, true, false, "Manager"],
    ["admin by flag", adminFlagOnly, false, true, "Administrator"],
    ["admin by role", adminRole, false, true, "Administrator"],
  ] as const)("%s", (_name, user, expectManager, expectAdmin, label) => {
    expect(isManager(user)).toBe(expectManager);
    expect(isAdmin(user)).toBe(expectAdmin);
    expect(english(roleLabel(user))).toBe(label);
  });

  it("sends managers and admins to the manager areas and everyone else to the employee areas", () => {
    for (const user of [manager, teamManager, adminFlagOnly, adminRole]) {
      expect(isManagerLevel(user)).toBe(true);
      expect(landingPathFor(user)).toBe("/app/manager-ideas");
      expect(companyPortalPathFor(user)).toBe("/app/manager-company");
    }
    expect(landingPathFor(employee)).toBe("/app/employee-ideas");
    expect(companyPortalPathFor(employee)).toBe("/app/employee-company");
  });
});

describe("route access: manager-level users on manager paths, others on employee paths", () => {
  it.each([
    [employee, "/app", "/app/employee-ideas"],
    [manager, "/app", "/app/manager-ideas"],
    [employee, "/app/employee-ideas", null],
    [employee, "/app/employee-company", null],
    [employee, "/app/manager-ideas", "/app/employee-ideas"],
    [employee, "/app/manager-company", "/app/employee-ideas"],
    [manager, "/app/manager-ideas", null],
    [manager, "/app/manager-company/", null],
    [manager, "/app/employee-ideas", "/app/manager-ideas"],
    [adminFlagOnly, "/app/employee-company", "/app/manager-ideas"],
    [employee, "/app/something-else", "/app/employee-ideas"],
    [manager, "/app/reports/2026", "/app/manager-ideas"],
    [employee, "/app/settings", null],
    [employee, "/app/settings/profile", null],
    [employee, "/app/settings/team", "/app/settings/profile"],
    [employee, "/app/settings/company", "/app/settings/profile"],
    [manager, "/app/settings/team", null],
    [manager, "/app/settings/company", "/app/settings/profile"],
    [adminFlagOnly, "/app/settings/company", null],
    [employee, "/app/settings/unknown", "/app/settings/profile"],
  ] as const)("%o at %s → %s", (user, path, expected) => {
    expect(redirectForAppPath(user, path)).toBe(expected);
  });

  it("offers settings tabs by role", () => {
    expect(settingsTypesFor(employee)).toEqual(["profile"]);
    expect(settingsTypesFor(manager)).toEqual(["profile", "team"]);
    expect(settingsTypesFor(adminRole)).toEqual(["profile", "team", "company"]);
  });
});
