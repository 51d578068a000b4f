import type { CompanyTeam } from "./companies.endpoints.ts";

/** Company join: unverified, then verified (team list loaded), then associated. */
export type JoinState =
  | { status: "unverified" }
  | { status: "verified"; companyName: string; teams: CompanyTeam[] }
  | { status: "associated"; companyName: string };

export type JoinEvent =
  | { type: "verified"; companyName: string; teams: CompanyTeam[] }
  /** The company name or password was edited, or the mode changed: verification starts over. */
  | { type: "reset" }
  | { type: "associated" };

export const INITIAL_JOIN_STATE: JoinState = { status: "unverified" };

/** The next join state; an event that does not apply to the current state changes nothing. */
export function nextJoinState(state: JoinState, event: JoinEvent): JoinState {
  switch (event.type) {
    case "verified":
      return state.status === "associated"
        ? state
        : { status: "verified", companyName: event.companyName, teams: event.teams };
    case "reset":
      return state.status === "verified" ? INITIAL_JOIN_STATE : state;
    case "associated":
      return state.status === "verified" ? { status: "associated", companyName: state.companyName } : state;
  }
}
