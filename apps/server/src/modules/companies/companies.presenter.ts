import type { CompanyDetails, TeamSummary } from "@ideaport/shared";
import type { CompanyRow } from "../../db/schema/index.ts";
import { effectiveLanguage } from "../../lib/i18n.ts";

/** Company Settings: name, number of active members, the active teams and the default language. */
export function presentCompany(company: CompanyRow, memberCount: number, teams: TeamSummary[]): CompanyDetails {
  return {
    id: company.id,
    name: company.name,
    member_count: memberCount,
    teams,
    default_language: effectiveLanguage(company.defaultLanguage),
  };
}

/** The teams a joiner chooses from after verifying the company: id and name only. */
export function presentTeamChoices(teams: readonly TeamSummary[]): { id: string; name: string }[] {
  return teams.map((team) => ({ id: team.id, name: team.name }));
}
