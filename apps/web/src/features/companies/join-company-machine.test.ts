import { describe, expect, it } from "vitest";
import { INITIAL_JOIN_STATE, type JoinEvent, type JoinState, nextJoinState } from "./join-company-machine.ts";

const teams = [
  { id: "team-1", name: "Operations" },
  { id: "team-2", name: "Sales" },
];
const verified: JoinState = { status: "verified", companyName: "Acme", teams };
const associated: JoinState = { status: "associated", companyName: "Acme" };

describe("company join state machine: unverified, verified, associated", () => {
  const rows: Array<[string, JoinState, JoinEvent, JoinState]> = [
    ["verifying loads the team list", INITIAL_JOIN_STATE, { type: "verified", companyName: "Acme", teams }, verified],
    [
      "verifying again replaces the team list",
      verified,
      { type: "verified", companyName: "Globex", teams: [] },
      { status: "verified", companyName: "Globex", teams: [] },
    ],
    [
      "changing the name, the password or the mode resets verification",
      verified,
      { type: "reset" },
      INITIAL_JOIN_STATE,
    ],
    ["joining ends in associated", verified, { type: "associated" }, associated],
    ["no joining before verification", INITIAL_JOIN_STATE, { type: "associated" }, INITIAL_JOIN_STATE],
    ["associated is final", associated, { type: "reset" }, associated],
    ["associated ignores a late verification", associated, { type: "verified", companyName: "X", teams }, associated],
  ];

  it.each(rows)("%s", (_name, state, event, expected) => {
    expect(nextJoinState(state, event)).toEqual(expected);
  });
});
