export { companyQueryOptions, teamInvitationsQueryOptions } from "./management.queries.ts";
export { companyKeys, teamKeys, teamMembersQueryOptions, teamsQueryOptions, useTeams } from "./teams.queries.ts";
