import type { TeamMember, TeamSummary } from "@ideaport/shared";
import type { UserRow } from "../../db/schema/index.ts";
import { presentColleague } from "../users/users.service.ts";
import type { TeamWithCount } from "./teams.repository.ts";

/** A team with its number of active members. */
export function presentTeamSummary(team: TeamWithCount): TeamSummary {
  return { id: team.id, name: team.name, member_count: team.memberCount };
}

/** A member of a team as Team Settings lists them. */
export function presentTeamMember(user: UserRow, isManager: boolean): TeamMember {
  return { ...presentColleague(user), is_manager: isManager };
}
