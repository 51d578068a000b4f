export { companyQueryOptions, teamInvitationsQueryOptions, useCompanyUsers } from "./management.queries.ts";
export { companyKeys, teamKeys, teamMembersQueryOptions, teamsQueryOptions, useTeams } from "./teams.queries.ts";
export { TEAMS_COLUMNS, TEAMS_TEXTS } from "./teams.texts.ts";
