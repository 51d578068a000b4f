import type { CompanyDetails } from "@ideaport/shared";
import { presentTeamSummary } from "../teams/teams.presenter.ts";
import type { CompanyOverview } from "./companies.service.ts";

/** Company Settings: name, member count and teams. */
export function presentCompany(overview: CompanyOverview): CompanyDetails {
  return {
    id: overview.company.id,
    name: overview.company.name,
    member_count: overview.memberCount,
    teams: overview.teams.map(presentTeamSummary),
  };
}
