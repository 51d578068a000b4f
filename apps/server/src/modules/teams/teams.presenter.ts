import type { TeamMember, TeamSummary } from "@ideaport/shared";
import type { UserRow } from "../../db/schema/index.ts";
import type { TeamWithCount } from "./teams.repository.ts";

/** A team with its number of active members. */
export function presentTeamSummary(team: TeamWithCount): TeamSummary {
  return { id: team.id, name: team.name, member_count: team.memberCount };
}

/** A member of a team as Team Settings lists them. */
export function presentTeamMember(user: UserRow, isManager: boolean): TeamMember {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    display_name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    is_admin: user.isAdmin,
    is_manager: isManager,
    is_active: user.isActive,
  };
}
