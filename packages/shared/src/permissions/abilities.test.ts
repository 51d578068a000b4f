import { describe, expect, it } from "vitest";
import { ABILITIES, type Ability, type AbilitySubject, can, managesTeam } from "./abilities.ts";

const TEAM_A = "team-a";
const TEAM_B = "team-b";

const employee: AbilitySubject = { role: "employee", is_admin: false, team: [{ id: TEAM_A, is_manager: false }] };
const managerOfA: AbilitySubject = { role: "manager", is_admin: false, team: [{ id: TEAM_A, is_manager: true }] };
const managerByRoleOnly: AbilitySubject = {
  role: "manager",
  is_admin: false,
  team: [{ id: TEAM_A, is_manager: false }],
};
const admin: AbilitySubject = { role: "employee", is_admin: true, team: [{ id: TEAM_A, is_manager: false }] };
const adminByRole: AbilitySubject = { role: "admin", is_admin: false, team: [] };

type Row = [name: string, user: AbilitySubject, ability: Ability, teamId: string | undefined, expected: boolean];

const rows: Row[] = [
  ["an employee edits their profile", employee, "settings.profile", undefined, true],
  ["an employee reaches Team Settings", employee, "settings.team", undefined, false],
  ["an employee reaches Company Settings", employee, "settings.company", undefined, false],
  ["an employee manages their own team", employee, "team.manage", TEAM_A, false],
  ["an employee invites to their own team", employee, "team.invite", TEAM_A, false],
  ["an employee decides an admin request", employee, "admin_request.decide", undefined, false],
  ["an employee manages the company", employee, "company.manage", undefined, false],
  ["an employee decides a request to manage their team", employee, "manager_request.decide", TEAM_A, false],
  ["a manager reaches Team Settings", managerOfA, "settings.team", undefined, true],
  ["a manager reaches Company Settings", managerOfA, "settings.company", undefined, false],
  ["a manager manages the team they manage", managerOfA, "team.manage", TEAM_A, true],
  ["a manager manages another team", managerOfA, "team.manage", TEAM_B, false],
  ["a manager invites to the team they manage", managerOfA, "team.invite", TEAM_A, true],
  ["a manager invites to another team", managerOfA, "team.invite", TEAM_B, false],
  ["a manager manages some team (no team given)", managerOfA, "team.manage", undefined, true],
  ["a manager grants admin permissions", managerOfA, "invitation.grant_admin", undefined, false],
  ["a manager decides an admin request", managerOfA, "admin_request.decide", undefined, false],
  ["a manager manages users", managerOfA, "company.users.manage", undefined, false],
  ["a manager decides a request to manage their team", managerOfA, "manager_request.decide", TEAM_A, true],
  ["a manager decides a request to manage another team", managerOfA, "manager_request.decide", TEAM_B, false],
  ["a manager decides a request to manage no given team", managerOfA, "manager_request.decide", undefined, false],
  [
    "a manager by role without a managed team decides a request to manage it",
    managerByRoleOnly,
    "manager_request.decide",
    TEAM_A,
    false,
  ],
  [
    "a manager by role without a managed team reaches Team Settings",
    managerByRoleOnly,
    "settings.team",
    undefined,
    true,
  ],
  ["a manager by role without a managed team manages it", managerByRoleOnly, "team.manage", TEAM_A, false],
  ["an admin reaches Company Settings", admin, "settings.company", undefined, true],
  ["an admin reaches Team Settings", admin, "settings.team", undefined, true],
  ["an admin manages a team they are not in", admin, "team.manage", TEAM_B, true],
  ["an admin invites to any team", admin, "team.invite", TEAM_B, true],
  ["an admin grants admin permissions", admin, "invitation.grant_admin", undefined, true],
  ["an admin decides an admin request", admin, "admin_request.decide", undefined, true],
  ["an admin manages the company", admin, "company.manage", undefined, true],
  ["an admin decides a request to manage any team", admin, "manager_request.decide", TEAM_B, true],
  ["an admin manages users", admin, "company.users.manage", undefined, true],
  ["role admin counts as an admin", adminByRole, "company.manage", undefined, true],
  ["an employee posts a team challenge", employee, "challenge.post_team", TEAM_A, false],
  ["an employee posts a company challenge directly", employee, "challenge.post_company", undefined, false],
  ["an employee proposes a company challenge", employee, "challenge.propose", undefined, true],
  ["an employee decides a challenge proposal", employee, "challenge.decide", undefined, false],
  ["a manager posts a challenge for the team they manage", managerOfA, "challenge.post_team", TEAM_A, true],
  ["a manager posts a challenge for another team", managerOfA, "challenge.post_team", TEAM_B, false],
  ["a manager posts a company challenge directly", managerOfA, "challenge.post_company", undefined, false],
  ["a manager proposes a company challenge", managerOfA, "challenge.propose", undefined, true],
  ["a manager decides a challenge proposal", managerOfA, "challenge.decide", undefined, false],
  [
    "a manager by role without a managed team posts a team challenge",
    managerByRoleOnly,
    "challenge.post_team",
    undefined,
    false,
  ],
  ["an admin posts a challenge for any team", admin, "challenge.post_team", TEAM_B, true],
  ["an admin posts a company challenge directly", admin, "challenge.post_company", undefined, true],
  ["an admin's company challenge is no proposal", admin, "challenge.propose", undefined, false],
  ["an admin decides a challenge proposal", admin, "challenge.decide", undefined, true],
  ["role admin decides a challenge proposal", adminByRole, "challenge.decide", undefined, true],
  ["an employee publishes news", employee, "news.publish", undefined, false],
  ["a manager publishes news", managerOfA, "news.publish", undefined, false],
  ["an admin publishes news", admin, "news.publish", undefined, true],
  ["role admin publishes news", adminByRole, "news.publish", undefined, true],
  ["a manager manages the news categories", managerOfA, "news.categories.manage", undefined, false],
  ["an admin manages the news categories", admin, "news.categories.manage", undefined, true],
  ["a manager manages the tags", managerOfA, "tags.manage", undefined, false],
  ["an admin manages the tags", admin, "tags.manage", undefined, true],
];

describe("can: what each role may do", () => {
  it.each(rows)("%s: %s", (_name, user, ability, teamId, expected) => {
    expect(can(user, ability, teamId === undefined ? {} : { teamId })).toBe(expected);
  });

  it("refuses everything to nobody", () => {
    for (const ability of ABILITIES) {
      expect(can(null, ability)).toBe(false);
      expect(can(undefined, ability, { teamId: TEAM_A })).toBe(false);
    }
  });

  it("has a rule for every ability", () => {
    for (const ability of ABILITIES) expect(typeof can(admin, ability)).toBe("boolean");
  });

  it("knows which teams a user manages", () => {
    expect(managesTeam(managerOfA, TEAM_A)).toBe(true);
    expect(managesTeam(managerOfA, TEAM_B)).toBe(false);
    expect(managesTeam({ role: "employee", is_admin: false, team: null }, TEAM_A)).toBe(false);
  });
});

describe("can: challenge.manage (editing and closing a challenge)", () => {
  const proposer: AbilitySubject = { ...employee, id: "proposer" };
  const teamManager: AbilitySubject = { ...managerOfA, id: "team-manager" };
  const someAdmin: AbilitySubject = { ...admin, id: "admin" };
  const company = (status: "proposed" | "active" | "closed" | "rejected") =>
    ({ scope: "company", status, createdBy: "proposer" }) as const;

  it.each([
    ["the proposer edits their pending proposal", proposer, company("proposed"), true],
    ["the proposer edits it once approved", proposer, company("active"), false],
    ["the proposer edits it once rejected", proposer, company("rejected"), false],
    ["the proposer edits it once closed", proposer, company("closed"), false],
    ["an admin edits an approved company challenge", someAdmin, company("active"), true],
    ["an admin edits a pending proposal", someAdmin, company("proposed"), true],
    ["someone else edits a pending proposal", teamManager, company("proposed"), false],
    [
      "a manager edits the team challenge they posted",
      teamManager,
      { scope: "team", status: "active", createdBy: "team-manager" },
      true,
    ],
    [
      "a manager edits another manager's team challenge",
      teamManager,
      { scope: "team", status: "active", createdBy: "other" },
      false,
    ],
  ] as const)("%s: %s", (_name, user, challenge, expected) => {
    expect(can(user, "challenge.manage", { challenge })).toBe(expected);
  });

  it("refuses without a challenge or without the user's id", () => {
    expect(can(someAdmin, "challenge.manage")).toBe(false);
    expect(can(employee, "challenge.manage", { challenge: company("proposed") })).toBe(false);
  });
});
